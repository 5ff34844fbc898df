import type { LayerId } from '../../../../../shared/canvas/document';
import { documentUse } from '../../../../../shared/canvas/request';
import { selectEndpoint, useCanvasStore } from '../canvasStore';
import { LAYER_NAMES as NAMES } from '../layers';
import { useLayersStore } from '../../../store/layersStore';
import { useProjectStore } from '../project/projectStore';
import { useText } from '../../../ui/i18n/textStore';

export function LayersPanel() {
  const { t } = useText();
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
  const projectName = useProjectStore((s) => s.projects.find((p) => p.id === s.currentId)?.name ?? null);
  const exportLayers = () =>
    projectId && useLayersStore.getState().openExport({ kind: 'project', projectId, shownResultId: null }, projectName === null ? t('canvas.project.this') : t('canvas.project.quoted', { name: projectName }));
  if (!Object.values(used).some(Boolean)) return null;
  return (
    <section className="canvas-panel" data-panel="layers" aria-label={t('canvas.layers')}>
      <h3>{t('canvas.layers')}</h3>
      <ul className="layer-list">
        {/* Only the layers this model uses: the others keep their content and come back with a model that uses them. */}
        {(Object.keys(NAMES) as LayerId[]).filter((id) => used[id]).map((id) => (
          <li key={id} aria-label={t('canvas.layers.item', { layer: id })}>
            <span>{t(NAMES[id])}</span>
            <label>
              <input type="checkbox" checked={layers[id].visible} onChange={(e) => setLayer(id, { visible: e.target.checked })} aria-label={t('canvas.layers.showLabel', { layer: id })} /> {t('canvas.layers.show')}
            </label>
            <label>
              <input type="checkbox" checked={layers[id].locked} onChange={(e) => setLayer(id, { locked: e.target.checked })} aria-label={t('canvas.layers.lockLabel', { layer: id })} /> {t('canvas.layers.lock')}
            </label>
          </li>
        ))}
      </ul>
      {document.base && projectId && (
        <button type="button" className="button" onClick={exportLayers}>
          {t('canvas.layers.export')}
        </button>
      )}
    </section>
  );
}
