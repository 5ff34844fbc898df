import type { LibraryItem } from '../../../../shared/ipc/contract';
import type { ResultAction } from './resultActions';
import { galleryUi, useGalleryUi } from './galleryUiStore';

/** A card's right-click menu: Open, then the same actions as the full view and the keys. */
export function ResultMenu({ item, actions, onRun }: { item: LibraryItem; actions: readonly ResultAction[]; onRun: (action: ResultAction) => void }) {
  const menu = useGalleryUi((s) => s.menu);
  const { showMenu, open } = galleryUi;
  if (!menu) return null;
  return (
    <>
      <div className="menu-backdrop" onClick={() => showMenu(null)} onContextMenu={(e) => (e.preventDefault(), showMenu(null))} />
      <ul
        className="context-menu"
        role="menu"
        aria-label="Result actions"
        style={{ left: Math.min(menu.x, window.innerWidth - 240), top: Math.min(menu.y, window.innerHeight - 360) }}
        onKeyDown={(e) => e.key === 'Escape' && showMenu(null)}
      >
        <li role="none">
          <button type="button" role="menuitem" autoFocus onClick={() => (showMenu(null), open(item.id))}>
            Open <kbd>Enter</kbd>
          </button>
        </li>
        {actions.map((a) => (
          <li role="none" key={a.id}>
            <button type="button" role="menuitem" onClick={() => onRun(a)}>
              {a.label} {a.keys && <kbd>{a.keys}</kbd>}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
