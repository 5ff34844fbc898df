import { useState } from 'react';
import { canvasRequest, canvasUse } from '../../../../../shared/canvas/request';
import { useNavigationStore } from '../../../store/navigationStore';
import { useTaskStore } from '../../../store/taskStore';
import { stateLabel } from '../../queue/taskText';
import { selectEndpoint, useCanvasStore } from '../canvasStore';
import { isBlank } from '../mask/maskBuffer';
import { currentExport, exportMask, useMaskExport } from '../maskExport';

/** The exact request a submission would send: parameters, and each image field with the asset that fills it. */
export function RequestPreview() {
  const document = useCanvasStore((s) => s.document);
  const endpoint = useCanvasStore(selectEndpoint);
  const mask = useCanvasStore((s) => s.mask);
  useCanvasStore((s) => s.maskVersion);
  useMaskExport();
  const use = canvasUse(endpoint);
  const request = canvasRequest(endpoint, document, currentExport());
  const maskWaiting = (use.maskField !== null || use.alphaMask) && mask !== null && !isBlank(mask) && !currentExport().maskAssetId;
  const [taskId, setTaskId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const task = useTaskStore((s) => (taskId ? s.tasks[taskId] : undefined));

  /** Exports the mask when it changed, then submits the request the preview shows; main checks it again. */
  const generate = async () => {
    setBusy(true);
    setProblem(null);
    try {
      if (maskWaiting) {
        const failed = await exportMask();
        if (failed) return setProblem(failed);
      }
      const current = useCanvasStore.getState();
      const result = await useTaskStore.getState().submit(canvasRequest(selectEndpoint(current), current.document, currentExport()));
      if (result.ok) setTaskId(result.value.id);
      else setProblem([result.error.message, ...(result.error.issues ?? []).map((i) => `${i.loc.slice(1).join('.')}: ${i.msg}`)].join(' '));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="canvas-panel" aria-label="Request preview">
      <h3>Request preview</h3>
      <p className="muted small">
        {endpoint.title}: parameters as sent, and which stored image fills each field{use.referenceFields.length > 0 ? ' (references in board order)' : ''}.
      </p>
      {maskWaiting && <p className="inline-warn" role="note">The mask changed since it was last exported; export it to see its id here.</p>}
      {!document.base && use.imageField && <p className="inline-warn" role="note">Open or drop a picture: it fills {use.imageField}.</p>}
      <pre className="code" aria-label="Request JSON">{JSON.stringify(request, null, 2)}</pre>
      <div className="button-row">
        <button type="button" className="button primary" onClick={() => void generate()} disabled={busy}>
          Generate
        </button>
        {task && (
          <span role="status" aria-label="Canvas task">
            {stateLabel(task.state)}
            {task.error ? `: ${task.error.message}` : ''}{' '}
            <button type="button" className="button link" onClick={() => useNavigationStore.getState().show(task.state === 'done' ? 'library' : 'queue')}>
              {task.state === 'done' ? 'Show in library' : 'Show in queue'}
            </button>
          </span>
        )}
      </div>
      {problem && (
        <p className="inline-error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
