import { useNoticeStore } from '../../store/noticeStore';
import './notices.css';
import { Icon } from '../../ui/icons';
import { useText } from '../../ui/i18n/textStore';

/** What the user must know that no action of theirs asked for: a file set aside, a key that is gone. */
export function NoticeArea() {
  const notices = useNoticeStore((s) => s.notices);
  const dismiss = useNoticeStore((s) => s.dismiss);
  const { t } = useText();
  if (notices.length === 0) return null;
  return (
    <ul className="notices" aria-label={t('notices.label')}>
      {notices.map((n) => (
        <li key={n.id} className={`notice notice-${n.level}`}>
          {/* Main writes its notices' words (docs/languages.md lists them among main's words still to move). The
              message is the live region, not the list item, which stays an item of the list. */}
          <span data-words="main" role={n.level === 'info' ? 'status' : 'alert'}>
            {n.message}
          </span>
          <button type="button" className="notice-dismiss" aria-label={t('notices.dismiss')} onClick={() => void dismiss(n.id)}>
            <Icon name="action.close" />
          </button>
        </li>
      ))}
    </ul>
  );
}
