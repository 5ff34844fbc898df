import { ipcMain, nativeImage, type WebContents } from 'electron';
import type { CoreEvents } from '../core/events';
import type { Dispatcher } from './dispatcher';
import { senderOf } from './sender';

/** The only place that touches ipcMain: one handler per contract call, plus events to the given window. */
export function bindIpc(dispatcher: Dispatcher, events: CoreEvents, target: () => WebContents | undefined): () => void {
  for (const [channel, name] of dispatcher.channels) {
    ipcMain.handle(channel, (event, request: unknown) =>
      dispatcher.dispatch(name, request, {
        ...senderOf(event),
        // The drag belongs to the window that asked: it starts while the user still holds the mouse button.
        startDrag: (drag) => event.sender.startDrag({ file: drag.file, icon: nativeImage.createFromBuffer(Buffer.from(drag.icon)) }),
      }),
    );
  }
  const detach = events.attach((channel, payload) => {
    const contents = target();
    if (contents && !contents.isDestroyed()) contents.send(channel, payload);
  });
  return () => {
    detach();
    for (const channel of dispatcher.channels.keys()) ipcMain.removeHandler(channel);
  };
}
