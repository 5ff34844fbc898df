import type { LibraryItem } from '../../../../shared/ipc/contract';
import type { ResultAction } from './resultActions';
import { galleryUi, useGalleryUi } from './galleryUiStore';
import { useText } from '../../ui/i18n/textStore';

/** A card's right-click menu: Open, then the same actions as the full view and the keys. */
export function ResultMenu({ item, actions, onRun }: { item: LibraryItem; actions: readonly ResultAction[]; onRun: (action: ResultAction) => void }) {
  const menu = useGalleryUi((s) => s.menu);
  const { showMenu, open } = galleryUi;
  const { t } = useText();
  if (!menu) return null;
  return (
    <>
      <div className="menu-backdrop" onClick={() => showMenu(null)} onContextMenu={(e) => (e.preventDefault(), showMenu(null))} />
      <ul
        className="context-menu"
        role="menu"
        aria-label={t('gallery.menu.label')}
        style={{ left: Math.min(menu.x, window.innerWidth - 240), top: Math.min(menu.y, window.innerHeight - 360) }}
        onKeyDown={(e) => e.key === 'Escape' && showMenu(null)}
      >
        <li role="none">
          <button type="button" role="menuitem" autoFocus onClick={() => (showMenu(null), open(item.id))}>
            {t('gallery.menu.open')} <kbd translate="no">{t('ui.key.enter')}</kbd>
          </button>
        </li>
        {actions.map((a) => (
          <li role="none" key={a.id} data-action={a.id}>
            <button type="button" role="menuitem" onClick={() => onRun(a)}>
              {a.label} {a.keys && <kbd translate="no">{a.keys}</kbd>}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
