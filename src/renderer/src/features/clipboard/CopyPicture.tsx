import { Button } from '../../ui/Button';
import { Icon } from '../../ui/icons';
import { useCanvasStore } from '../canvas/canvasStore';
import { copyPicture } from './pasteActions';

/** The studio toolbar's Copy picture: the picture as a flat PNG on the clipboard, for another app. */
export function CopyPicture() {
  const hasBase = useCanvasStore((s) => s.document.base !== null);
  return (
    <Button onClick={() => void copyPicture()} disabled={!hasBase} title="Copy the picture to the clipboard, for another app">
      <Icon name="action.copy" /> Copy picture
    </Button>
  );
}
