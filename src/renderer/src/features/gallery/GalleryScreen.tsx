import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import type { LibraryItem } from '../../../../shared/ipc/contract';
import { gen } from '../../api';
import { useLibraryStore } from '../../store/libraryStore';
import { reuseParameters, saveAs, undoDelete } from './actions';
import { readDroppedFile, reuseSourceOf, useDroppedStore } from './droppedFiles';
import { FullView } from './FullView';
import { NO_FILTER, queryOf, stackWords } from './galleryModel';
import { GalleryFilters } from './GalleryFilters';
import { galleryUi, resetGalleryUi, useGalleryUi } from './galleryUiStore';

const { setFilter, select: setSelectedId, open: setOpenId, showMenu: setMenu, setNote, setSaving } = galleryUi;
import { ResultMenu } from './ResultMenu';
import { GalleryGrid, type GridHandle } from './GalleryGrid';
import { PickBar } from './PickBar';
import { fetchItemAt, heldIndexOf, itemAt, useGalleryView, useHeldOrAsked } from './galleryView';
import { RestoreDialog } from './RestoreDialog';
import { actionForKey, resultActions, type ResultAction } from './resultActions';
import { SaveAsDialog } from './SaveAsDialog';
import { useText } from '../../ui/i18n/textStore';
import '../../ui/buttons.css';
import './gallery.css';
import { Icon } from '../../ui/icons';

/**
 * Every result, newest first, in a virtualized grid, with search, filters, a star, a full view and every action;
 * a file dropped here that carries Gen Studio's parameters offers to restore them. Main searches and filters the
 * whole library and sends the pages the grid scrolls to (galleryView.ts).
 */
export function GalleryScreen() {
  // Long (over 80 lines) because it wires the parts together: the grid, filters, menu, full view and dialogs share
  // the selection, the open result and the keys; each part draws itself in its own file.
  const pages = useGalleryView((s) => s.pages);
  const total = useGalleryView((s) => s.total);
  const all = useGalleryView((s) => s.all);
  const loaded = useGalleryView((s) => s.loaded);
  const canUndo = useLibraryStore((s) => s.trashed.length > 0);
  const filter = useGalleryUi((s) => s.filter);
  const selectedId = useGalleryUi((s) => s.selectedId);
  const chosenOpenId = useGalleryUi((s) => s.openId);
  const menu = useGalleryUi((s) => s.menu);
  const saving = useGalleryUi((s) => s.saving);
  const note = useGalleryUi((s) => s.note);
  // The store outlives the screen: the gallery opens again as it was first shown.
  useEffect(() => resetGalleryUi, []);
  // A clicked notification asks for its result; the user's own choice wins once made.
  const requested = useLibraryStore((s) => s.requestedOpen);
  const openId = chosenOpenId ?? requested;
  // A dropped file's parameters, from a drop here or anywhere else on the window.
  const dropped = useDroppedStore((s) => s.dropped);
  const dropProblem = useDroppedStore((s) => s.problem);
  const setDropped = (value: null) => useDroppedStore.setState({ dropped: value });
  const grid = useRef<GridHandle>(null);
  const text = useText();
  const { t } = text;

  // The date filter's "today" is the day the gallery opened.
  const [now] = useState(() => Date.now());
  // Main runs the query; one Generate's variations share one card until their stack is opened. Asked before
  // anything else the gallery wants: main answers calls in the order they come.
  const query = useMemo(() => queryOf(filter, now), [filter, now]);
  useEffect(() => useGalleryView.getState().setQuery(query), [query]);

  const [projectNames, setProjectNames] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    let live = true;
    void gen.projects.list().then((r) => live && r.ok && setProjectNames(new Map(r.value.projects.map((p) => [p.id, p.name]))));
    return () => {
      live = false;
    };
  }, []);
  // A result filed, starred or deleted anywhere: the pages held and the filters' choices are asked again.
  useEffect(() => {
    void useGalleryView.getState().loadFacets();
    const offUpdated = gen.library.onUpdated((item) => useGalleryView.getState().patch(item));
    const offChanges = useLibraryStore.subscribe((s, before) => {
      if (s.revision === before.revision) return;
      useGalleryView.getState().refresh();
      void useGalleryView.getState().loadFacets();
    });
    return () => {
      offUpdated();
      offChanges();
    };
  }, []);

  // A result a notification asks for may be hidden by the filters or inside a stack: show where it is, once per
  // request.
  const placedRequest = useRef<string | null>(null);
  useEffect(() => {
    if (requested === placedRequest.current) return;
    placedRequest.current = requested;
    if (!requested) return;
    let live = true;
    void (async () => {
      const found = await gen.library.locate({ query, id: requested });
      if (!live || !found.ok || found.value.index !== null) return;
      const item = await gen.library.get({ id: requested });
      if (live && item.ok) setFilter({ ...NO_FILTER, group: item.value.group && item.value.group.count > 1 ? item.value.group.id : null });
    })();
    return () => {
      live = false;
    };
  }, [requested, query]);
  const selectedIndex = heldIndexOf(pages, selectedId);
  const selected = selectedIndex >= 0 ? itemAt(pages, selectedIndex) : null;
  const openIndex = heldIndexOf(pages, openId);
  const opened = useHeldOrAsked(openId, openIndex >= 0 ? itemAt(pages, openIndex) : null);

  const run = useCallback(async (action: ResultAction, item: LibraryItem) => {
    setMenu(null);
    const answer = await action.run(item);
    if (answer) setNote({ ...answer, about: item.id });
    if (action.id === 'delete') {
      if (useGalleryUi.getState().openId === item.id) setOpenId(null);
    }
  }, []);
  const openSaveAs = useCallback((item: LibraryItem) => setSaving(item), []);
  const actionsOf = useCallback((item: LibraryItem) => resultActions(item, openSaveAs, text), [openSaveAs, text]);

  const select = useCallback(
    async (index: number) => {
      const at = Math.max(0, Math.min(total - 1, index));
      const item = await fetchItemAt(at);
      if (!item) return;
      setSelectedId(item.id);
      grid.current?.reveal(at, item.id);
    },
    [total],
  );

  const onGridKey = (e: KeyboardEvent) => {
    const index = selectedIndex;
    const columns = grid.current?.columns() ?? 1;
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns, PageDown: columns * 3, PageUp: -columns * 3 };
    if (e.key in moves) {
      e.preventDefault();
      void select(index < 0 ? 0 : index + moves[e.key]!);
      return;
    }
    if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      void select(e.key === 'Home' ? 0 : total - 1);
      return;
    }
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') {
      e.preventDefault();
      void undoDelete().then((n) => n && setNote({ ...n, about: null }));
      return;
    }
    if (!selected) return;
    if ((e.ctrlKey || e.metaKey) && e.key === ' ') {
      e.preventDefault();
      galleryUi.togglePick(selected.id);
      return;
    }
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      setOpenId(selected.id);
      return;
    }
    const wanted = actionForKey(e);
    const action = wanted ? actionsOf(selected).find((a) => a.id === wanted) : undefined;
    if (action) {
      e.preventDefault();
      if (action.id === 'delete') void select(index + 1 < total ? index + 1 : index - 1);
      void run(action, selected);
    }
  };

  const step = async (delta: number) => {
    if (!opened || openIndex < 0) return;
    const next = await fetchItemAt(openIndex + delta);
    if (next) {
      useLibraryStore.getState().clearRequestedOpen();
      setOpenId(next.id);
      setSelectedId(next.id);
    }
  };

  const onDrop = async (e: DragEvent) => {
    const file = e.dataTransfer.files[0];
    if (!file) return;
    e.preventDefault();
    await readDroppedFile(file);
  };

  const restore = async () => {
    if (!dropped) return;
    setDropped(null);
    setNote({ ...(await reuseParameters(reuseSourceOf(dropped.found))), about: null });
  };

  const set = galleryUi.refine;
  const menuItem = menu ? itemAt(pages, heldIndexOf(pages, menu.id)) : null;

  return (
    <div
      className="gallery"
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes('Files')) e.preventDefault();
      }}
      onDrop={(e) => void onDrop(e)}
    >
      <header className="gallery-header">
        <div>
          <h1>{t('screen.gallery')}</h1>
          <p className="muted">
            {t('gallery.summary', { count: !loaded ? t('gallery.loading') : total === all ? t('gallery.count', { count: all }) : t('gallery.countFiltered', { shown: total, count: all }) })}
          </p>
        </div>
        <button type="button" className="button" onClick={() => void gen.library.openFolder()}>
          {t('gallery.openFolder')}
        </button>
      </header>
      <GalleryFilters projectNames={projectNames} />
      {filter.group && (
        <p className="gallery-group-bar" role="status" aria-label={t('gallery.stackShown')}>
          {stackWords(filter.group, total, text).shown}
          <button type="button" className="button" onClick={() => set({ group: null })}>
            {t('gallery.backToAll')}
          </button>
        </p>
      )}
      {dropProblem && (
        <p className="gallery-note error" role="status">
          {dropProblem}
          <button type="button" className="gallery-note-close" aria-label={t('ui.dismiss')} onClick={() => useDroppedStore.getState().clear()}>
            <Icon name="action.close" />
          </button>
        </p>
      )}
      {note && (
        <p className={`gallery-note${note.kind === 'error' ? ' error' : ''}`} role="status">
          {note.text(text)}
          {note.undo && canUndo && (
            <button type="button" className="button" onClick={() => void undoDelete().then((n) => setNote(n && { ...n, about: null }))}>
              {t('gallery.undo')}
            </button>
          )}
          <button type="button" className="gallery-note-close" aria-label={t('ui.dismiss')} onClick={() => setNote(null)}>
            <Icon name="action.close" />
          </button>
        </p>
      )}
      <PickBar />
      {loaded && all === 0 && <p className="empty">{t('gallery.empty')}</p>}
      {loaded && all > 0 && total === 0 && <p className="empty">{t('gallery.noMatch')}</p>}
      <GalleryGrid handle={grid} onKeyDown={onGridKey} />
      {menu && menuItem && <ResultMenu item={menuItem} actions={actionsOf(menuItem)} onRun={(a) => void run(a, menuItem)} />}
      {opened && (
        <FullView
          key={opened.id}
          item={opened}
          position={openIndex >= 0 ? t('gallery.position', { index: openIndex + 1, count: total }) : ''}
          actions={actionsOf(opened)}
          note={note}
          onRun={(a) => void run(a, opened)}
          onStep={(delta) => void step(delta)}
          onClose={() => {
            setOpenId(null);
            useLibraryStore.getState().clearRequestedOpen();
          }}
        />
      )}
      {saving && (
        <SaveAsDialog
          item={saving}
          onCancel={() => setSaving(null)}
          onSave={(format, quality) => {
            const item = saving;
            setSaving(null);
            void saveAs(item, format, quality).then((n) => setNote({ ...n, about: item.id }));
          }}
        />
      )}
      {dropped && <RestoreDialog name={dropped.name} found={dropped.found} onCancel={() => setDropped(null)} onRestore={() => void restore()} />}
    </div>
  );
}
