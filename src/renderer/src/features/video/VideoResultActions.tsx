import { useState } from 'react';
import { Button } from '../../ui/Button';
import { useLibraryItem } from '../staging/useImageUrl';
import { continueResult, isDraft, isVideoResult, makeFinal } from './videoActions';

/**
 * A video result in the results strip: it plays there, a draft can be made final, and any clip can be continued.
 * The player proper comes with the video player work; until then the browser's own controls play it.
 */
export function VideoResultActions({ resultId }: { resultId: string | null }) {
  const item = useLibraryItem(resultId);
  const [busy, setBusy] = useState(false);
  if (!item || !isVideoResult(item)) return null;
  const draft = isDraft(item);
  return (
    <div className="strip-video">
      <video src={item.url} controls loop preload="metadata" aria-label={draft ? 'Draft video' : 'Result video'} />
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
