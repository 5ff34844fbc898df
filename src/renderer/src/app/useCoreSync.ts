import { useEffect } from 'react';
import { useConnectionStore } from '../store/connectionStore';
import { useKeyStore } from '../store/keyStore';
import { useLibraryStore } from '../store/libraryStore';
import { useNoticeStore } from '../store/noticeStore';
import { useSettingsStore } from '../store/settingsStore';
import { useTaskStore } from '../store/taskStore';
import { followCloseRequests } from '../store/beforeClose';
import { followProjectFiles } from '../features/canvas/project/projectFiles';
import { followDroppedResults } from '../features/gallery/droppedFiles';
import { useImportProgress } from '../features/notices/importProgress';
import { followEditor } from '../features/editor/editorActions';
import { followPaste } from '../features/clipboard/pasteActions';

/**
 * Subscribes every store to main's events first, then loads each once: the queue, the library and the
 * settings stay current whichever screen is showing, and nothing that happens during the load is missed.
 */
export function useCoreSync(): void {
  useEffect(() => {
    // The library first: the home screen's newest results and the gallery's first page ride on its one call,
    // which main answers before the others.
    const stores = [useLibraryStore, useConnectionStore, useKeyStore, useTaskStore, useSettingsStore, useNoticeStore] as const;
    const offs = [...stores.map((s) => s.getState().follow()), followCloseRequests(), followProjectFiles(), followDroppedResults(), useImportProgress.getState().follow(), followEditor(), followPaste()];
    for (const s of stores) void s.getState().load();
    return () => offs.forEach((off) => off());
  }, []);
}
