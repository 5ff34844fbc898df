import { toldSaying } from '../../ui/i18n/saying';
import { useEffect, useState } from 'react';
import type { LibraryItem, MatrixCellInfo } from '../../../../shared/ipc/contract';
import { gen } from '../../api';
import type { ResultNote } from '../gallery/actions';
import { FullView } from '../gallery/FullView';
import { resultActions, type ResultAction } from '../gallery/resultActions';
import '../gallery/gallery.css';
import { useText } from '../../ui/i18n/textStore';

/** What a sheet's cell offers in the full view: the gallery's actions that keep to one result and the studio. */
const OFFERED = new Set(['picture', 'reference', 'reuse', 'rerun', 'variations', 'copy', 'reveal', 'star']);

/**
 * A cell of the sheet in the gallery's full view, read from the library by its id; the arrow keys step through
 * the sheet's other pictures.
 */
export function CellView({ cells, openIndex, onIndex, onClose }: { cells: readonly MatrixCellInfo[]; openIndex: number; onIndex: (index: number) => void; onClose: () => void }) {
  const text = useText();
  const made = cells.filter((c) => c.resultId !== null);
  const at = made.findIndex((c) => c.index === openIndex);
  const cell = made[at];
  const [item, setItem] = useState<LibraryItem | null>(null);
  const [note, setNote] = useState<ResultNote | null>(null);
  const [version, setVersion] = useState(0);
  const resultId = cell?.resultId ?? null;
  useEffect(() => {
    if (!resultId) return;
    let live = true;
    void gen.library.get({ id: resultId }).then((result) => {
      if (!live) return;
      if (result.ok) setItem(result.value);
      else setNote({ kind: 'error', text: toldSaying(result.error), about: resultId });
    });
    return () => {
      live = false;
    };
  }, [resultId, version]);
  if (!cell || !item || item.id !== cell.resultId) return null;
  const actions = resultActions(item, () => undefined).filter((a) => OFFERED.has(a.id));
  const run = async (a: ResultAction) => {
    const said = await a.run(item);
    setNote(said && { ...said, about: item.id });
    setVersion((v) => v + 1);
  };
  return (
    <FullView
      key={item.id}
      item={item}
      position={text.t('explore.cell.position', { at: at + 1, total: made.length })}
      actions={actions}
      note={note}
      onRun={(a) => void run(a)}
      onStep={(delta) => {
        const next = made[(at + delta + made.length) % made.length];
        if (next) onIndex(next.index);
      }}
      onClose={onClose}
    />
  );
}
