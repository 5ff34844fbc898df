import { useState } from 'react';
import { canvasRequest, canvasUse, isCanvasField } from '../../../../../shared/canvas/request';
import { validateTaskRequest } from '../../../../../shared/tasks/taskRequest';
import { useNavigationStore } from '../../../store/navigationStore';
import { useTaskStore } from '../../../store/taskStore';
import { stateLabel } from '../../queue/taskText';
import { selectEndpoint, useCanvasStore } from '../canvasStore';
import { isBlank } from '../mask/maskBuffer';
import { currentExport, exportMask, useMaskExport } from '../maskExport';
import { useProjectStore } from '../project/projectStore';
import { Button } from '../../../ui/Button';

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
  // What the canvas itself holds that the endpoint would refuse (a frame over its megapixel limit, a missing
  // mask): said here, before Generate, rather than after a round trip. The form shows its own fields' problems.
  const base = document.base;
  const canvasIssues = validateTaskRequest(endpoint, request, () => (base ? { width: base.width, height: base.height, hasAlpha: false, bytes: 0 } : undefined)).filter((i) => {
    const field = String(i.loc[1] ?? '');
    if (!isCanvasField(endpoint, field) && i.loc.length > 1) return false;
    if (field === use.imageField && !base) return false; // said by the note below
    if (field === use.maskField && maskWaiting) return false; // exported on Generate
    return true;
  });
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
      const projectId = useProjectStore.getState().currentId ?? undefined;
      const result = await useTaskStore.getState().submit({ ...canvasRequest(selectEndpoint(current), current.document, currentExport()), projectId });
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
      {canvasIssues.length > 0 && (
        <ul className="inline-warn" aria-label="Canvas problems">
          {canvasIssues.map((i) => (
            <li key={`${i.loc.join('.')}:${i.msg}`}>
              {i.loc.length > 1 ? `${i.loc.slice(1).join('.')}: ` : ''}
              {i.msg}
            </li>
          ))}
        </ul>
      )}
      <pre className="code" aria-label="Request JSON">{JSON.stringify(request, null, 2)}</pre>
      <div className="button-row">
        <Button variant="primary" onClick={() => void generate()} disabled={busy}>
          Generate
        </Button>
        {task && (
          <span role="status" aria-label="Canvas task">
            {stateLabel(task.state)}
            {task.error ? `: ${task.error.message}` : ''}{' '}
            <Button variant="link" onClick={() => useNavigationStore.getState().show(task.state === 'done' ? 'library' : 'queue')}>
              {task.state === 'done' ? 'Show in library' : 'Show in queue'}
            </Button>
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
