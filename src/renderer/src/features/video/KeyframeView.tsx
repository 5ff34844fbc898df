import type { RefObject } from 'react';
import { clipFrameText } from '../../../../shared/video/videoWords';
import { useText } from '../../ui/i18n/textStore';
import { useStageBox } from '../../ui/useStageBox';
import { useCanvasStore } from '../canvas/canvasStore';
import { useAsset } from '../canvas/panels/useAsset';

/**
 * The selected keyframe's image over the canvas, whole, with its time: in Video the canvas shows what the clip
 * shows at that moment. Pointer events pass through to the canvas.
 */
export function KeyframeView({ stage }: { stage: RefObject<HTMLDivElement | null> }) {
  const box = useStageBox(stage);
  const keyframe = useCanvasStore((s) => s.document.timeline.keyframes.find((k) => k.id === s.selectedKeyframeId));
  const asset = useAsset(keyframe?.image.assetId);
  const text = useText();
  if (!keyframe || !box) return null;
  return (
    <figure className="keyframe-view" aria-label={text.t('video.keyframe.view')} style={box}>
      {asset && <img src={asset.url} alt={keyframe.image.name} translate="no" />}
      <figcaption>
        <span translate="no">{keyframe.image.name}</span> · {clipFrameText(keyframe.frame, text)}
      </figcaption>
    </figure>
  );
}
