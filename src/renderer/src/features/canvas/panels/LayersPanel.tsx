import type { LayerId } from '../../../../../shared/canvas/document';
import { documentUse } from '../../../../../shared/canvas/request';
import { selectEndpoint, useCanvasStore } from '../canvasStore';
import { LAYER_NAMES as NAMES } from '../layers';
import { useLayersStore } from '../../../store/layersStore';
import { useProjectStore } from '../project/projectStore';

export function LayersPanel() {
  const layers = useCanvasStore((s) => s.document.layers);
  const endpoint = useCanvasStore(selectEndpoint);
  const document = useCanvasStore((s) => s.document);
  const use = documentUse(endpoint, document);
  const used: Record<LayerId, boolean> = {
    base: use.imageField !== null || use.boxes || document.base !== null,
    mask: use.maskField !== null || use.alphaMask,
    expansion: use.expandSides.length > 0 || use.outpaint,
    references: use.referenceFields.length > 0,
    boxes: use.boxes,
  };
  const setLayer = useCanvasStore.getState().setLayer;
  const projectId = useProjectStore((s) => s.currentId);
  const projectName = useProjectStore((s) => s.projects.find((p) => p.id === s.currentId)?.name ?? 'this project');
  const exportLayers = () =>
    projectId && useLayersStore.getState().openExport({ kind: 'project', projectId, shownResultId: null }, `“${projectName}”`);
  if (!Object.values(used).some(Boolean)) return null;
  return (
    <section className="canvas-panel" aria-label="Layers">
      <h3>Layers</h3>
      <ul className="layer-list">
        {/* Only the layers this model uses: the others keep their content and come back with a model that uses them. */}
        {(Object.keys(NAMES) as LayerId[]).filter((id) => used[id]).map((id) => (
          <li key={id} aria-label={`${NAMES[id]} layer`}>
            <span>{NAMES[id]}</span>
            <label>
              <input type="checkbox" checked={layers[id].visible} onChange={(e) => setLayer(id, { visible: e.target.checked })} aria-label={`Show ${NAMES[id]}`} /> Show
            </label>
            <label>
              <input type="checkbox" checked={layers[id].locked} onChange={(e) => setLayer(id, { locked: e.target.checked })} aria-label={`Lock ${NAMES[id]}`} /> Lock
            </label>
          </li>
        ))}
      </ul>
      {document.base && projectId && (
        <button type="button" className="button" onClick={exportLayers}>
          Export layers…
        </button>
      )}
    </section>
  );
}
