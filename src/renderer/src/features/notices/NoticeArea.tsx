import { useNoticeStore } from '../../store/noticeStore';
import './notices.css';
import { Icon } from '../../ui/icons';

/** What the user must know that no action of theirs asked for: a file set aside, a key that is gone. */
export function NoticeArea() {
  const notices = useNoticeStore((s) => s.notices);
  const dismiss = useNoticeStore((s) => s.dismiss);
  if (notices.length === 0) return null;
  return (
    <ul className="notices" aria-label="Notices">
      {notices.map((n) => (
        <li key={n.id} className={`notice notice-${n.level}`} role={n.level === 'info' ? 'status' : 'alert'}>
          <span>{n.message}</span>
          <button type="button" className="notice-dismiss" aria-label="Dismiss notice" onClick={() => void dismiss(n.id)}>
            <Icon name="action.close" />
          </button>
        </li>
      ))}
    </ul>
  );
}
