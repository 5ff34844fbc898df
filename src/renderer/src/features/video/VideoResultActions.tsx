import { useState } from 'react';
import { Button } from '../../ui/Button';
import { useLibraryItem } from '../../store/useLibraryItem';
import { FinalSizeChoice } from './FinalSizeChoice';
import { continueResult, isDraft, isVideoResult } from './videoActions';
import { useText } from '../../ui/i18n/textStore';

/**
 * A video result in the results strip: it plays over the canvas in the player (staging/VideoResult.tsx), a draft
 * can be made final (at a size asked for, with its price, before anything is sent), and any clip can be continued.
 */
export function VideoResultActions({ resultId }: { resultId: string | null }) {
  const item = useLibraryItem(resultId);
  const [choosing, setChoosing] = useState<string | null>(null);
  const { t } = useText();
  if (!item || !isVideoResult(item)) return null;
  const draft = isDraft(item);
  return (
    <div className="strip-video">
      <p className="muted small" aria-label={t(draft ? 'video.result.draft' : 'video.result.final')}>
        {t(draft ? 'video.result.draft.about' : 'video.result.final.about')}
      </p>
      <div className="button-row">
        {draft && (
          <Button variant="primary" disabled={choosing === item.id} title={t('video.result.makeFinal.hint')} onClick={() => setChoosing(item.id)}>
            {t('video.result.makeFinal')}
          </Button>
        )}
        <Button onClick={() => void continueResult(item)}>
          {t('video.result.continue')}
        </Button>
      </div>
      {draft && choosing === item.id && <FinalSizeChoice item={item} onDone={() => setChoosing(null)} />}
    </div>
  );
}
