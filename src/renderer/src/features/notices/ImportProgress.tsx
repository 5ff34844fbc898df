import { useImportProgress } from './importProgress';
import './notices.css';
import { useText } from '../../ui/i18n/textStore';
import { sayTold } from '../../../../shared/i18n/say';

/** A line per large picture being opened, so seconds of decoding are not a frozen-looking window. */
export function ImportProgress() {
  const steps = useImportProgress((s) => s.steps);
  const lines = Object.entries(steps);
  const text = useText();
  const { t } = text;
  if (lines.length === 0) return null;
  return (
    <ul className="notices" aria-label={t('notices.opening')}>
      {lines.map(([name, step]) => (
        <li key={name} className="notice notice-info">
          <span className="busy-dot" aria-hidden="true" />
          <span role="status">
            {sayTold(text, step)}
          </span>
        </li>
      ))}
    </ul>
  );
}
