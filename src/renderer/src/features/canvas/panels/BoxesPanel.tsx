import type { BoundingBox } from '../../../../../shared/canvas/document';
import { serializeBoundingBoxes } from '../../../../../shared/catalog/boundingBoxes';
import { canvasUse, finalPrompt, promptBoxes } from '../../../../../shared/canvas/request';
import { selectEndpoint, useCanvasStore } from '../canvasStore';

const int = (v: string) => (Number.isFinite(Number(v)) ? Math.round(Number(v)) : 0);

export function BoxesPanel() {
  const document = useCanvasStore((s) => s.document);
  const selected = useCanvasStore((s) => s.selectedBoxId);
  const endpoint = useCanvasStore(selectEndpoint);
  const { change, selectBox, setTool } = useCanvasStore.getState();
  if (!canvasUse(endpoint).boxes) return null;
  const base = document.base;
  const update = (id: string, patch: Partial<BoundingBox>, label: string) =>
    change(label, (d) => ({ ...d, boxes: d.boxes.map((b) => (b.id === id ? { ...b, ...patch } : b)) }));

  return (
    <section className="canvas-panel" aria-label="Bounding boxes">
      <h3>Bounding boxes</h3>
      <p className="muted small">
        Draw with the box tool (M) on the picture. The boxes are appended to the prompt as a JSON list, in 0 to 1000 of the image.{' '}
        <button type="button" className="button link" onClick={() => setTool('box')}>
          Use the box tool
        </button>
      </p>
      <ol className="box-list" aria-label="Boxes">
        {document.boxes.map((b, i) => (
          <li key={b.id} className={b.id === selected ? 'selected' : ''} aria-label={`Box ${i + 1}`} onFocus={() => selectBox(b.id)}>
            <label>
              Label
              <input className="field-input" value={b.label} maxLength={500} onChange={(e) => update(b.id, { label: e.target.value }, 'Label box')} aria-label={`Box ${i + 1} label`} />
            </label>
            <div className="number-grid four">
              {(['x', 'y', 'width', 'height'] as const).map((k) => (
                <label key={k}>
                  {k}
                  <input
                    type="number"
                    className="field-input"
                    value={b[k]}
                    min={k === 'width' || k === 'height' ? 1 : undefined}
                    onChange={(e) => update(b.id, { [k]: k === 'width' || k === 'height' ? Math.max(1, int(e.target.value)) : int(e.target.value) }, `Set box ${k}`)}
                    aria-label={`Box ${i + 1} ${k}`}
                  />
                </label>
              ))}
            </div>
            <button
              type="button"
              className="button danger"
              onClick={() => {
                change('Remove box', (d) => ({ ...d, boxes: d.boxes.filter((x) => x.id !== b.id) }));
                selectBox(null);
              }}
              aria-label={`Remove box ${i + 1}`}
            >
              Remove
            </button>
          </li>
        ))}
      </ol>
      {base && document.boxes.length > 0 && (
        <>
          <h4>Appended JSON</h4>
          <pre className="code" aria-label="Appended JSON">{serializeBoundingBoxes(promptBoxes(document.boxes, base.width, base.height))}</pre>
        </>
      )}
      <h4>Final prompt</h4>
      <pre className="code" aria-label="Final prompt">{finalPrompt(endpoint, document) || '(empty)'}</pre>
    </section>
  );
}
