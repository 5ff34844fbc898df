import { Button } from '../../ui/Button';
import { Icon } from '../../ui/icons';
import { useCanvasStore } from '../canvas/canvasStore';
import { useStagingStore } from '../staging/stagingStore';
import { copyPicture } from './copyPicture';
import { useText } from '../../ui/i18n/textStore';

/** The studio toolbar's Copy picture: what is shown (the result under review, or the picture) as a flat PNG, for another app. */
export function CopyPicture() {
  const hasBase = useCanvasStore((s) => s.document.base !== null);
  const { t } = useText();
  const reviewing = useStagingStore((s) => s.selectedId !== null);
  return (
    <Button className="copy-picture" onClick={() => void copyPicture()} disabled={!hasBase && !reviewing} title={t('clipboard.copyHint')}>
      <Icon name="action.copy" /> {t('clipboard.copy')}
    </Button>
  );
}
