import { useCanvasStore } from '../canvasStore';
import { SHORTCUTS } from '../shortcuts';
import { Button } from '../../../ui/Button';

export function HelpOverlay() {
  const close = () => useCanvasStore.getState().toggleHelp(false);
  return (
    <div className="dialog-backdrop" onClick={close}>
      <div className="dialog help-overlay" role="dialog" aria-modal="true" aria-label="Keyboard shortcuts" onClick={(e) => e.stopPropagation()}>
        <h2>Keyboard shortcuts</h2>
        <table>
          <tbody>
            {SHORTCUTS.map((s) => (
              <tr key={s.keys}>
                <th scope="row"><kbd>{s.keys}</kbd></th>
                <td>{s.does}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <Button onClick={close} autoFocus>Close</Button>
      </div>
    </div>
  );
}
