import { useState } from 'react';
import { Button } from '../../ui/Button';
import { useLibraryItem } from '../staging/useImageUrl';
import { continueResult, isDraft, isVideoResult, makeFinal } from './videoActions';

/**
 * A video result in the results strip: it plays over the canvas in the player (staging/VideoResult.tsx), a draft
 * can be made final, and any clip can be continued.
 */
export function VideoResultActions({ resultId }: { resultId: string | null }) {
  const item = useLibraryItem(resultId);
  const [busy, setBusy] = useState(false);
  if (!item || !isVideoResult(item)) return null;
  const draft = isDraft(item);
  return (
    <div className="strip-video">
      <p className="muted small" aria-label={draft ? 'Draft video' : 'Result video'}>
        {draft ? 'A draft, at the quick draft size: it plays above. Make final renders it at the frame size chosen in the panel.' : 'It plays above: use a frame as the picture or pin it as a keyframe from the player.'}
      </p>
      <div className="button-row">
        {draft && (
          <Button
            variant="primary"
            disabled={busy}
            title="Enhance this draft at the frame size chosen in the panel, keeping its keyframes, prompt and seed"
            onClick={() => {
              setBusy(true);
              void makeFinal(item).finally(() => setBusy(false));
            }}
          >
            Make final
          </Button>
        )}
        <Button disabled={busy} onClick={() => void continueResult(item)}>
          Continue this video
        </Button>
      </div>
    </div>
  );
}
