import { useState } from 'react';
import { Button } from '../../ui/Button';
import { useLibraryItem } from '../../store/useLibraryItem';
import { FinalSizeChoice } from './FinalSizeChoice';
import { continueResult, isDraft, isVideoResult } from './videoActions';

/**
 * A video result in the results strip: it plays over the canvas in the player (staging/VideoResult.tsx), a draft
 * can be made final (at a size asked for, with its price, before anything is sent), and any clip can be continued.
 */
export function VideoResultActions({ resultId }: { resultId: string | null }) {
  const item = useLibraryItem(resultId);
  const [choosing, setChoosing] = useState<string | null>(null);
  if (!item || !isVideoResult(item)) return null;
  const draft = isDraft(item);
  return (
    <div className="strip-video">
      <p className="muted small" aria-label={draft ? 'Draft video' : 'Result video'}>
        {draft ? 'A draft, at the quick draft size: it plays above. Make final renders it larger, at a size you choose.' : 'It plays above: use a frame as the picture or pin it as a keyframe from the player.'}
      </p>
      <div className="button-row">
        {draft && (
          <Button variant="primary" disabled={choosing === item.id} title="Enhance this draft at a larger size, keeping its keyframes, prompt and seed: you choose the size and see its price first" onClick={() => setChoosing(item.id)}>
            Make final…
          </Button>
        )}
        <Button onClick={() => void continueResult(item)}>
          Continue this video
        </Button>
      </div>
      {draft && choosing === item.id && <FinalSizeChoice item={item} onDone={() => setChoosing(null)} />}
    </div>
  );
}
