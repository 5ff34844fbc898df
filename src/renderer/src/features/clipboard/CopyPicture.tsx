import { Button } from '../../ui/Button';
import { Icon } from '../../ui/icons';
import { useCanvasStore } from '../canvas/canvasStore';
import { useStagingStore } from '../staging/stagingStore';
import { copyPicture } from './copyPicture';

/** The studio toolbar's Copy picture: what is shown (the result under review, or the picture) as a flat PNG, for another app. */
export function CopyPicture() {
  const hasBase = useCanvasStore((s) => s.document.base !== null);
  const reviewing = useStagingStore((s) => s.selectedId !== null);
  return (
    <Button onClick={() => void copyPicture()} disabled={!hasBase && !reviewing} title="Copy what is shown to the clipboard, for another app">
      <Icon name="action.copy" /> Copy picture
    </Button>
  );
}
