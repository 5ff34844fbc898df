import { PICTURE_ACCEPT } from '../../../../../shared/layers/layeredFiles';
import { useState, type DragEvent } from 'react';
import type { ImageRef } from '../../../../../shared/canvas/document';
import { documentUse } from '../../../../../shared/canvas/request';
import { gen } from '../../../api';
import { addReferences, importInto } from '../actions';
import { imageRefOf, importFiles, remember } from '../assets';
import { selectEndpoint, useCanvasStore } from '../canvasStore';
import { useAsset } from './useAsset';
import { Button } from '../../../ui/Button';
import { FileButton } from '../../../ui/FileButton';
import { Icon } from '../../../ui/icons';
import { LibraryPick } from './LibraryPick';
import { useText } from '../../../ui/i18n/textStore';
import { saying, together, toldSaying } from '../../../ui/i18n/saying';

function Thumb({ item }: { item: ImageRef }) {
  const asset = useAsset(item.assetId);
  return asset ? <img src={asset.thumbnailUrl} alt="" className="reference-thumb" draggable={false} /> : <span className="reference-thumb" />;
}

const move = <T,>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

export function ReferenceBoard() {
  // Long (over 80 lines) for its markup (about 85 of its lines): each reference with its image number, moves and
  // removal, and the buttons to add more.
  const { t } = useText();
  const references = useCanvasStore((s) => s.document.references);
  const endpoint = useCanvasStore(selectEndpoint);
  const base = useCanvasStore((s) => s.document.base);
  const intent = useCanvasStore((s) => s.document.intent);
  // The picture may be image 1 of the request: the board's numbers are the prompt's image numbers.
  const use = documentUse(endpoint, { base, intent });
  const first = use.pictureFirst ? 2 : 1;
  const shown = useCanvasStore((s) => s.document.layers.references.visible);
  const { changeLayer, say } = useCanvasStore.getState();
  const change = (label: string, recipe: Parameters<typeof changeLayer>[2]) => changeLayer('references', label, recipe);
  const [dragging, setDragging] = useState<number | null>(null);
  const [picking, setPicking] = useState(false);
  if (use.referenceFields.length === 0) return null;
  const limit = use.referenceFields.length;
  // Try-on's one reference is the garment, named by no prompt.
  const garment = endpoint.fields.some((f) => f.role === 'garment' && use.referenceFields.includes(f.name));
  const role = (i: number) => (garment ? t('canvas.references.garmentRole') : t('canvas.references.imageRole', { number: i + first }));

  const reorder = (from: number, to: number) => {
    if (from === to || to < 0 || to >= references.length) return;
    change('Reorder references', (d) => ({ ...d, references: move(d.references, from, to) }));
  };
  const replace = async (index: number, files: File[]) => {
    const { assets, problems } = await importFiles(files.slice(0, 1));
    if (problems.length) say({ kind: 'error', text: together([...problems, saying('canvas.nothingChanged')]) });
    const asset = assets[0];
    if (asset) change('Replace reference', (d) => ({ ...d, references: d.references.map((r, i) => (i === index ? imageRefOf(asset) : r)) }));
  };
  const fromLibrary = async (resultId: string) => {
    setPicking(false);
    const stored = await gen.assets.fromLibrary({ resultId });
    if (!stored.ok) return say({ kind: 'error', text: toldSaying(stored.error) });
    remember(stored.value);
    addReferences([stored.value]);
  };
  const dropOnBoard = (e: DragEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (e.dataTransfer.files.length > 0) void importInto([...e.dataTransfer.files], 'references');
  };

  return (
    <section className="canvas-panel" data-panel="references" aria-label={t('canvas.references.board')} onDragOver={(e) => e.preventDefault()} onDrop={dropOnBoard}>
      <h3>
        {t('canvas.layer.references')}{' '}
        <span className="muted">
          {references.length <= limit ? t('canvas.references.count', { count: references.length, limit }) : t('canvas.references.countOver', { count: references.length, model: endpoint.title, limit })}
        </span>
      </h3>
      <p className="muted small">
        {garment ? t('canvas.references.garmentHint') : use.pictureFirst ? t('canvas.references.pictureFirstHint') : t('canvas.references.hint')}
      </p>
      {!shown && references.length > 0 && (
        <p className="muted small" role="note">
          {t('canvas.references.hidden', { count: references.length })}
        </p>
      )}
      <ol className="reference-list" aria-label={t('canvas.layer.references')} hidden={!shown}>
        {references.map((ref, i) => {
          const field = use.referenceFields[i];
          return (
            <li
              key={`${ref.assetId}-${i}`}
              className={`reference${field ? '' : ' left-out'}${dragging === i ? ' dragging' : ''}`}
              aria-label={t('canvas.references.item', { number: i + 1, name: ref.name })}
              draggable
              onDragStart={(e) => {
                setDragging(i);
                e.dataTransfer.setData('application/x-gen-reference', String(i));
                e.dataTransfer.effectAllowed = 'move';
              }}
              onDragEnd={() => setDragging(null)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                const from = e.dataTransfer.getData('application/x-gen-reference');
                if (from === '') return;
                e.preventDefault();
                e.stopPropagation();
                reorder(Number(from), i);
                setDragging(null);
              }}
            >
              <span className="reference-badge" aria-label={field ? (garment ? t('canvas.references.garment') : t('canvas.references.image', { number: i + first })) : t('canvas.references.leftOut')}>
                {i + first}
              </span>
              <Thumb item={ref} />
              <span className="reference-text">
                <span className="reference-name" translate="no">
                  {ref.name}
                </span>
                <span className="reference-field">{field ? role(i) : t('canvas.references.leftOutWhy', { model: endpoint.title, limit, besides: use.pictureFirst ? 'yes' : 'no' })}</span>
              </span>
              <span className="reference-actions">
                <Button aria-label={t('canvas.references.up', { number: i + 1 })} disabled={i === 0} onClick={() => reorder(i, i - 1)}>
                  <Icon name="action.moveUp" />
                </Button>
                <Button aria-label={t('canvas.references.down', { number: i + 1 })} disabled={i === references.length - 1} onClick={() => reorder(i, i + 1)}>
                  <Icon name="action.moveDown" />
                </Button>
                <FileButton accept={PICTURE_ACCEPT} title={t('canvas.references.replace', { number: i + 1 })} label={t('canvas.references.replaceLabel', { number: i + 1 })} onFiles={(files) => replace(i, files)}>
                  <Icon name="action.replace" />
                </FileButton>
                <Button variant="danger" aria-label={t('canvas.references.remove', { number: i + 1 })} onClick={() => change('Remove reference', (d) => ({ ...d, references: d.references.filter((_, k) => k !== i) }))}>
                  <Icon name="action.close" />
                </Button>
              </span>
            </li>
          );
        })}
      </ol>
      <div className="button-row">
        <FileButton accept={PICTURE_ACCEPT} multiple label={t('canvas.references.addLabel')} onFiles={(files) => importInto(files, 'references')}>
          {t('canvas.references.add')}
        </FileButton>
        <Button onClick={() => setPicking(!picking)} aria-expanded={picking}>
          {t('canvas.references.fromLibrary')}
        </Button>
      </div>
      {picking && <LibraryPick onPick={(id) => void fromLibrary(id)} />}
    </section>
  );
}
