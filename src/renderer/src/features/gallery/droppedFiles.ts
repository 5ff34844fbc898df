import { create } from 'zustand';
import type { DroppedFile } from '../../../../shared/ipc/contract';
import { gen } from '../../api';
import { useNavigationStore } from '../../store/navigationStore';
import type { ReuseSource } from './actions';
import { currentText } from '../../ui/i18n/textStore';

interface DroppedState {
  /** a dropped file that carries parameters, waiting for the user to restore them or not */
  readonly dropped: { readonly name: string; readonly found: Exclude<DroppedFile, { kind: 'none' }> } | null;
  /** why the last dropped file offers nothing */
  readonly problem: string | null;
  clear(): void;
}

export const useDroppedStore = create<DroppedState>((set) => ({
  dropped: null,
  problem: null,
  clear: () => set({ dropped: null, problem: null }),
}));

/** Files that can carry Gen Studio's parameters: its pictures and its clips. */
const CARRIER = /\.(png|jpe?g|webp|mp4|m4v|mov)$/i;
/** The parameters are read from the whole file in main; past this, reading it would take memory for nothing. */
const MAX_READ_BYTES = 512 * 1024 ** 2;

/** Reads a dropped file's parameters in main and offers them in the gallery (its restore dialog). */
export async function readDroppedFile(file: File): Promise<void> {
  if (file.size > MAX_READ_BYTES) {
    return useDroppedStore.setState({ dropped: null, problem: currentText().t('gallery.drop.tooLarge', { name: file.name, size: currentText().fileSize(MAX_READ_BYTES) }) });
  }
  const result = await gen.library.readDropped({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
  if (!result.ok) return useDroppedStore.setState({ dropped: null, problem: result.error.message });
  if (result.value.kind === 'none') return useDroppedStore.setState({ dropped: null, problem: currentText().t('gallery.drop.nothing', { name: file.name }) });
  useDroppedStore.setState({ dropped: { name: file.name, found: result.value }, problem: null });
}

/**
 * A picture or clip dropped anywhere on the window that no drop target took (the canvas takes pictures, the
 * timeline clips) opens the gallery, which offers to restore the parameters it carries. Answers a function that
 * stops following.
 */
export function followDroppedResults(): () => void {
  const onDrop = (event: DragEvent) => {
    if (event.defaultPrevented) return;
    const file = [...(event.dataTransfer?.files ?? [])].find((f) => CARRIER.test(f.name));
    if (!file) return;
    event.preventDefault();
    useNavigationStore.getState().show('library');
    void readDroppedFile(file);
  };
  window.addEventListener('drop', onDrop);
  return () => window.removeEventListener('drop', onDrop);
}

/** The model another tool's prompt and settings are reused with. */
export const OTHER_TOOL_MODEL = 'gen-dev';

/** What a dropped file's parameters reuse: Gen Studio's own request, or another tool's prompt and settings on the default model. */
export function reuseSourceOf(found: Exclude<DroppedFile, { kind: 'none' }>): ReuseSource {
  if (found.kind === 'gen-studio') return { endpointId: found.metadata.endpoint.id, params: found.metadata.params, inputs: found.inputs };
  const params = Object.entries({ prompt: found.prompt, seed: found.seed, width: found.width, height: found.height, steps: found.steps, guidance: found.guidance }).filter(([, v]) => v !== null);
  return { endpointId: OTHER_TOOL_MODEL, params: Object.fromEntries(params) as Record<string, string | number>, inputs: [] };
}
