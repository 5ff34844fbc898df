import { useNoticeStore } from '../../store/noticeStore';
import './notices.css';
import { Icon } from '../../ui/icons';
import { useText } from '../../ui/i18n/textStore';
import { sayTold } from '../../../../shared/i18n/say';

/** What the user must know that no action of theirs asked for: a file set aside, a key that is gone. */
export function NoticeArea() {
  const notices = useNoticeStore((s) => s.notices);
  const dismiss = useNoticeStore((s) => s.dismiss);
  const text = useText();
  const { t } = text;
  if (notices.length === 0) return null;
  return (
    <ul className="notices" aria-label={t('notices.label')}>
      {notices.map((n) => (
        <li key={n.id} className={`notice notice-${n.level}`}>
          {/* Main's words, said in the language on screen. A notice main still writes as text (not yet moved into the
              catalogs, docs/languages.md) shows that text, marked as main's. The message is the live region, not the
              list item, which stays an item of the list. */}
          <span role={n.level === 'info' ? 'status' : 'alert'} data-words={n.words ? undefined : 'main'}>
            {sayTold(text, n)}
          </span>
          <button type="button" className="notice-dismiss" aria-label={t('notices.dismiss')} onClick={() => void dismiss(n.id)}>
            <Icon name="action.close" />
          </button>
        </li>
      ))}
    </ul>
  );
}
