import { useState } from 'react';
import { Button } from '../../ui/Button';
import { batchFromGallery } from '../batch/fromGallery';
import { galleryUi, useGalleryUi } from './galleryUiStore';

/**
 * The results chosen together (Ctrl+click or Ctrl+Space on a card) and what can be done with them: Batch… puts
 * their pictures in the batch being prepared on the Batch screen.
 */
export function PickBar() {
  const picked = useGalleryUi((s) => s.picked);
  const [busy, setBusy] = useState(false);
  if (picked.length === 0) return null;
  const batch = async () => {
    setBusy(true);
    const handed = await batchFromGallery(picked);
    setBusy(false);
    if (handed.pictures.length > 0) galleryUi.clearPicked();
    else galleryUi.setNote({ kind: 'error', about: null, text: handed.problems.join(' ') || 'None of the chosen results could be used.' });
  };
  return (
    <div className="gallery-pick-bar" role="group" aria-label="Chosen results">
      <span role="status">
        {picked.length} {picked.length === 1 ? 'result' : 'results'} chosen
      </span>
      <Button variant="primary" disabled={busy} onClick={() => void batch()} title="Run one tool over the chosen pictures on the Batch screen">
        Batch…
      </Button>
      <Button variant="link" onClick={galleryUi.clearPicked}>
        Clear the choice
      </Button>
    </div>
  );
}
