import { useMemo, useState } from 'react';
import type { JsonValue } from '../../../../../shared/catalog/field';
import { canvasRequest, isCanvasField } from '../../../../../shared/canvas/request';
import { validateTaskRequest } from '../../../../../shared/tasks/taskRequest';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EndpointForm } from '../../forms/EndpointForm';
import { canvasEndpoints, referencesDroppedBy, selectEndpoint, useCanvasStore } from '../canvasStore';
import { currentExport, useMaskExport } from '../maskExport';
import { useEditGesture } from './editGesture';

/** Which endpoint the document is prepared for, and the rest of its form (the canvas fills the images, mask, margins). */
export function EndpointPanel() {
  const document = useCanvasStore((s) => s.document);
  const endpoint = useCanvasStore(selectEndpoint);
  useCanvasStore((s) => s.maskVersion);
  useMaskExport();
  const [pending, setPending] = useState<string | null>(null);
  const { setEndpoint, setFormValue } = useCanvasStore.getState();
  const values = document.formValues[endpoint.id] ?? {};
  // Focus events bubble in React: each field visited is one undo step, however many keys it took.
  const gesture = useEditGesture(`Edit ${endpoint.title} settings`);

  const issues = useMemo(() => {
    const request = canvasRequest(endpoint, document, currentExport());
    const base = document.base;
    // Every image the canvas sends is the picture or made at its size; the canvas fields' own state shows on the canvas.
    return validateTaskRequest(endpoint, request, () => (base ? { width: base.width, height: base.height, hasAlpha: false, bytes: 0 } : undefined)).filter(
      (i) => !isCanvasField(endpoint, String(i.loc[1] ?? '')),
    );
  }, [endpoint, document]);

  const choose = (id: string) => {
    const dropped = referencesDroppedBy(id, document);
    if (dropped.length > 0) setPending(id);
    else setEndpoint(id);
  };
  const dropped = pending ? referencesDroppedBy(pending, document) : [];
  const pendingTitle = canvasEndpoints().find((e) => e.id === pending)?.title ?? '';

  return (
    <section className="canvas-panel" aria-label="Endpoint and settings">
      <label className="endpoint-select">
        Prepare for
        <select className="field-input" value={endpoint.id} onChange={(e) => choose(e.target.value)} aria-label="Endpoint">
          {canvasEndpoints().map((e) => (
            <option key={e.id} value={e.id}>
              {e.title}
            </option>
          ))}
        </select>
      </label>
      <div onFocus={gesture.onFocus} onBlur={gesture.onBlur}>
        <EndpointForm
          endpoint={endpoint}
          values={values}
          issues={issues}
          onChange={(name: string, value: JsonValue | undefined) => setFormValue(name, value)}
          hide={(f) => f.group === 'webhook' || isCanvasField(endpoint, f.name)}
        />
      </div>
      {pending && (
        <ConfirmDialog
          title={`Switch to ${pendingTitle}?`}
          message={`${pendingTitle} takes ${document.references.length === dropped.length ? 'no references' : `${document.references.length - dropped.length} references`}. These would be left out of the request: ${dropped.map((r, i) => `#${document.references.length - dropped.length + i + 1} ${r.name}`).join(', ')}. They stay on the board.`}
          confirmLabel="Switch"
          onConfirm={() => {
            setEndpoint(pending);
            setPending(null);
          }}
          onCancel={() => setPending(null)}
        />
      )}
    </section>
  );
}
