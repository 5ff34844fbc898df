import { chargedCost } from '../../../../shared/library/charge';
import { creditsText } from '../../text/taskText';
import { useText } from '../../ui/i18n/textStore';
import type { StripEntry } from './stripModel';

/**
 * The selected result in a line: its name, its cost, and the prompt. The name and the prompt are the artist's and
 * the model's (never translated); only a result that was made has a price worth showing: moderated and failed ones
 * are not charged.
 */
export function Caption({ entry }: { entry: StripEntry }) {
  const text = useText();
  const cost = entry.status === 'ready' ? creditsText(chargedCost(entry.task), text) : null;
  return (
    <p className="strip-caption" aria-label={text.t('strip.selected')}>
      <span translate="no">{entry.name}</span>
      {cost && <> · {cost}</>}
      {entry.prompt && (
        <>
          {' · '}
          <span translate="no">{text.t('strip.tile.prompt', { prompt: entry.prompt })}</span>
        </>
      )}
    </p>
  );
}
