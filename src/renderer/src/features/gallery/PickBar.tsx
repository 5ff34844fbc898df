import { saying, together } from '../../ui/i18n/saying';
import { useState } from 'react';
import { Button } from '../../ui/Button';
import { batchFromGallery } from '../batch/fromGallery';
import { galleryUi, useGalleryUi } from './galleryUiStore';
import { useText } from '../../ui/i18n/textStore';

/**
 * The results chosen together (Ctrl+click or Ctrl+Space on a card) and what can be done with them: Batch… puts
 * their pictures in the batch being prepared on the Batch screen.
 */
export function PickBar() {
  const picked = useGalleryUi((s) => s.picked);
  const [busy, setBusy] = useState(false);
  const { t } = useText();
  if (picked.length === 0) return null;
  const batch = async () => {
    setBusy(true);
    const handed = await batchFromGallery(picked);
    setBusy(false);
    if (handed.pictures.length > 0) galleryUi.clearPicked();
    else galleryUi.setNote({ kind: 'error', about: null, text: handed.problems.length > 0 ? together(handed.problems) : saying('gallery.picks.noneUsable') });
  };
  return (
    <div className="gallery-pick-bar" role="group" aria-label={t('gallery.picks.label')}>
      <span role="status">{t('gallery.picks.count', { count: picked.length })}</span>
      <Button variant="primary" disabled={busy} onClick={() => void batch()} title={t('gallery.picks.batchTitle')}>
        {t('gallery.picks.batch')}
      </Button>
      <Button variant="link" onClick={galleryUi.clearPicked}>
        {t('gallery.picks.clear')}
      </Button>
    </div>
  );
}
