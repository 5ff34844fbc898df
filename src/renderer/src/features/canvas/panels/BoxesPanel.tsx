import type { BoundingBox } from '../../../../../shared/canvas/document';
import { serializeBoundingBoxes } from '../../../../../shared/catalog/boundingBoxes';
import { documentUse, finalPrompt, promptBoxes } from '../../../../../shared/canvas/request';
import { newBoxId, selectEndpoint, useCanvasStore } from '../canvasStore';
import { useEditGesture } from './editGesture';
import { NumberInput } from './NumberInput';
import { Button } from '../../../ui/Button';
import { useText } from '../../../ui/i18n/textStore';

/** A new box in the middle of the picture, a quarter of its size: drawing one without a mouse. */
function addBoxInMiddle(): void {
  const { document, changeLayer, selectBox } = useCanvasStore.getState();
  const base = document.base;
  if (!base) return;
  const id = newBoxId();
  const width = Math.max(1, Math.round(base.width / 2));
  const height = Math.max(1, Math.round(base.height / 2));
  const box = { id, x: Math.round((base.width - width) / 2), y: Math.round((base.height - height) / 2), width, height };
  if (changeLayer('boxes', 'Add box', (d) => ({ ...d, boxes: [...d.boxes, { ...box, label: `box ${d.boxes.length + 1}` }] }))) selectBox(id);
}

function LabelInput({ box, index }: { box: BoundingBox; index: number }) {
  const { t } = useText();
  const gesture = useEditGesture('Label box');
  return (
    <input
      className="field-input"
      value={box.label}
      maxLength={500}
      {...gesture}
      onChange={(e) => useCanvasStore.getState().changeLayer('boxes', 'Label box', (d) => ({ ...d, boxes: d.boxes.map((b) => (b.id === box.id ? { ...b, label: e.target.value } : b)) }))}
      aria-label={t('canvas.boxes.labelLabel', { number: index + 1 })}
    />
  );
}

export function BoxesPanel() {
  const { t } = useText();
  const document = useCanvasStore((s) => s.document);
  const selected = useCanvasStore((s) => s.selectedBoxId);
  const endpoint = useCanvasStore(selectEndpoint);
  const { changeLayer, selectBox, setTool } = useCanvasStore.getState();
  const change = (label: string, recipe: Parameters<typeof changeLayer>[2]) => changeLayer('boxes', label, recipe);
  if (!documentUse(endpoint, document).boxes) return null;
  const base = document.base;
  const prompt = finalPrompt(endpoint, document);
  const update = (id: string, patch: Partial<BoundingBox>, label: string) =>
    change(label, (d) => ({ ...d, boxes: d.boxes.map((b) => (b.id === id ? { ...b, ...patch } : b)) }));

  return (
    <section className="canvas-panel" data-panel="boxes" aria-label={t('canvas.boxes.title')}>
      <h3>{t('canvas.boxes.title')}</h3>
      <p className="muted small">
        {t('canvas.boxes.hint')}{' '}
        <Button variant="link" onClick={() => setTool('box')}>
          {t('canvas.boxes.useTool')}
        </Button>
      </p>
      <div className="button-row">
        <Button disabled={!base} onClick={addBoxInMiddle}>
          {t('canvas.boxes.add')}
        </Button>
      </div>
      <ol className="box-list" aria-label={t('canvas.layer.boxes')}>
        {document.boxes.map((b, i) => (
          <li key={b.id} className={b.id === selected ? 'selected' : ''} aria-label={t('canvas.boxes.item', { number: i + 1 })} onFocus={() => selectBox(b.id)}>
            <label>
              {t('canvas.boxes.label')}
              <LabelInput box={b} index={i} />
            </label>
            <div className="number-grid four">
              {(['x', 'y', 'width', 'height'] as const).map((k) => (
                <label key={k}>
                  {t('canvas.boxes.field', { field: k })}
                  <NumberInput
                    value={b[k]}
                    label={t('canvas.boxes.fieldLabel', { number: i + 1, field: k })}
                    min={k === 'width' || k === 'height' ? 1 : undefined}
                    step={`Set box ${k}`}
                    clamp={(n) => (k === 'width' || k === 'height' ? Math.max(1, n) : n)}
                    onCommit={(n) => update(b.id, { [k]: n }, `Set box ${k}`)}
                  />
                </label>
              ))}
            </div>
            <Button
              variant="danger"
              onClick={() => {
                if (change('Remove box', (d) => ({ ...d, boxes: d.boxes.filter((x) => x.id !== b.id) }))) selectBox(null);
              }}
              aria-label={t('canvas.boxes.removeLabel', { number: i + 1 })}
            >
              {t('canvas.boxes.remove')}
            </Button>
          </li>
        ))}
      </ol>
      {base && document.boxes.length > 0 && (
        <>
          <h4>{t('canvas.boxes.appended')}</h4>
          <pre className="code" translate="no" aria-label={t('canvas.boxes.appended')}>{serializeBoundingBoxes(promptBoxes(document.boxes, base.width, base.height))}</pre>
        </>
      )}
      <h4>{t('canvas.boxes.final')}</h4>
      {/* The prompt is the artist's own words; only "(empty)" is the app's. */}
      <pre className="code" translate={prompt ? 'no' : undefined} aria-label={t('canvas.boxes.final')}>
        {prompt || t('canvas.boxes.empty')}
      </pre>
    </section>
  );
}
