import { create } from 'zustand';
import type { MatrixSpec } from '../../../../shared/explore/matrix';
import type { MatrixCellInfo, MatrixInfo } from '../../../../shared/ipc/contract';
import type { IpcResult } from '../../../../shared/ipc/result';
import { gen } from '../../api';
import { frameBatch } from '../../store/frameBatch';

interface ExploreState {
  /** the matrices of the project shown, newest first */
  readonly matrices: readonly MatrixInfo[];
  /** the matrix whose sheet is shown; null while the artist is planning a new one */
  readonly shownId: string | null;
  readonly error: string | null;
  /** what the artist is planning, kept while other screens are shown */
  readonly draft: MatrixSpec;
  setDraft(patch: Partial<MatrixSpec>): void;
  load(projectId: string | null): Promise<void>;
  follow(): () => void;
  show(id: string | null): void;
  start(spec: MatrixSpec, projectId: string | null): Promise<IpcResult<MatrixInfo>>;
  act(kind: 'pause' | 'resume' | 'cancel', id: string): Promise<IpcResult<MatrixInfo>>;
}

const replace = (list: readonly MatrixInfo[], m: MatrixInfo) => (list.some((x) => x.id === m.id) ? list.map((x) => (x.id === m.id ? m : x)) : [m, ...list]);

function withCells(list: readonly MatrixInfo[], matrixId: string, changed: readonly MatrixCellInfo[]): readonly MatrixInfo[] {
  const i = list.findIndex((m) => m.id === matrixId);
  if (i < 0) return list;
  const m = list[i]!;
  const cells = m.cells.slice();
  for (const cell of changed) if (cells[cell.index]) cells[cell.index] = cell;
  const next = list.slice();
  next[i] = { ...m, cells };
  return next;
}

/** Explore's matrices as main tells them, each cell moved on by its own event as results arrive. */
export const useExploreStore = create<ExploreState>((set, get) => ({
  matrices: [],
  shownId: null,
  error: null,
  draft: { prompt: '', models: ['gen-dev'], seeds: 1, firstSeed: Math.floor(Math.random() * 1_000_000), size: null, sweep: null },
  setDraft: (patch) => set({ draft: { ...get().draft, ...patch } }),
  load: async (projectId) => {
    const result = await gen.explore.list({ projectId });
    if (!result.ok) return set({ error: result.error.message });
    set({ matrices: result.value, error: null });
  },
  follow: () => {
    // A sheet filling at full speed sends several cells a frame: they are drawn together, once a frame.
    const cellEvents = frameBatch<{ matrixId: string; cell: MatrixCellInfo }>((events) => {
      const byMatrix = new Map<string, MatrixCellInfo[]>();
      for (const e of events) byMatrix.set(e.matrixId, [...(byMatrix.get(e.matrixId) ?? []), e.cell]);
      let matrices = get().matrices;
      for (const [id, cells] of byMatrix) matrices = withCells(matrices, id, cells);
      set({ matrices });
    });
    const offChanged = gen.explore.onChanged((m) => {
      // Its cells are the latest as of this event; cell events queued before it are older.
      cellEvents.drop((e) => e.matrixId === m.id);
      set({ matrices: replace(get().matrices, m) });
    });
    const offCell = gen.explore.onCell((e) => cellEvents.push(e));
    return () => {
      offChanged();
      offCell();
      cellEvents.cancel();
    };
  },
  show: (id) => set({ shownId: id }),
  start: async (spec, projectId) => {
    const result = await gen.explore.start({ spec, projectId });
    if (result.ok) set({ matrices: replace(get().matrices, result.value), shownId: result.value.id });
    return result;
  },
  act: async (kind, id) => {
    const result = await gen.explore[kind]({ id });
    if (result.ok) set({ matrices: replace(get().matrices, result.value) });
    return result;
  },
}));
