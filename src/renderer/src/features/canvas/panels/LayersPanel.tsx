import type { LayerId } from '../../../../../shared/canvas/document';
import { canvasUse } from '../../../../../shared/canvas/request';
import { selectEndpoint, useCanvasStore } from '../canvasStore';
import { LAYER_NAMES as NAMES } from '../layers';

export function LayersPanel() {
  const layers = useCanvasStore((s) => s.document.layers);
  const endpoint = useCanvasStore(selectEndpoint);
  const use = canvasUse(endpoint);
  const used: Record<LayerId, boolean> = {
    base: use.imageField !== null || use.boxes,
    mask: use.maskField !== null || use.alphaMask,
    expansion: use.expandSides.length > 0 || use.outpaint,
    references: use.referenceFields.length > 0,
    boxes: use.boxes,
  };
  const setLayer = useCanvasStore.getState().setLayer;
  return (
    <section className="canvas-panel" aria-label="Layers">
      <h3>Layers</h3>
      <ul className="layer-list">
        {(Object.keys(NAMES) as LayerId[]).map((id) => (
          <li key={id} className={used[id] ? '' : 'unused'} aria-label={`${NAMES[id]} layer`}>
            <span>{NAMES[id]}</span>
            {!used[id] && <span className="badge">not used by {endpoint.title}</span>}
            <label>
              <input type="checkbox" checked={layers[id].visible} onChange={(e) => setLayer(id, { visible: e.target.checked })} aria-label={`Show ${NAMES[id]}`} /> Show
            </label>
            <label>
              <input type="checkbox" checked={layers[id].locked} onChange={(e) => setLayer(id, { locked: e.target.checked })} aria-label={`Lock ${NAMES[id]}`} /> Lock
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}
