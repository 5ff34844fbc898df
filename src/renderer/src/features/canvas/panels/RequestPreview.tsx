import { canvasRequest, canvasUse } from '../../../../../shared/canvas/request';
import { selectEndpoint, useCanvasStore } from '../canvasStore';
import { isBlank } from '../mask/maskBuffer';
import { currentExport, useMaskExport } from '../maskExport';

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
  return (
    <section className="canvas-panel" aria-label="Request preview">
      <h3>Request preview</h3>
      <p className="muted small">
        {endpoint.title}: parameters as sent, and which stored image fills each field{use.referenceFields.length > 0 ? ' (references in board order)' : ''}.
      </p>
      {maskWaiting && <p className="inline-warn" role="note">The mask changed since it was last exported; export it to see its id here.</p>}
      {!document.base && use.imageField && <p className="inline-warn" role="note">Open or drop a picture: it fills {use.imageField}.</p>}
      <pre className="code" aria-label="Request JSON">{JSON.stringify(request, null, 2)}</pre>
    </section>
  );
}
