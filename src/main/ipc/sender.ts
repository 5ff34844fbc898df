import type { SenderInfo } from './dispatcher';

/**
 * The part of Electron's IpcMainInvokeEvent the sender check reads, declared structurally so the check runs
 * in plain Node tests; only ipcMain.ts touches ipcMain itself.
 */
export interface InvokeEventLike {
  readonly senderFrame: { readonly url: string; readonly detached?: boolean } | null;
  readonly sender: { readonly mainFrame: unknown };
}

const UNTRUSTED: SenderInfo = { url: '', isMainFrame: false };

/** Where an invoke came from: its frame's URL, and whether that frame is its window's top-level page. */
export function senderOf(event: InvokeEventLike): SenderInfo {
  try {
    const frame = event.senderFrame;
    // A frame that navigated away, was destroyed, or is being replaced cannot be trusted.
    if (!frame || frame.detached === true) return UNTRUSTED;
    return { url: frame.url, isMainFrame: frame === event.sender.mainFrame };
  } catch {
    // Electron throws when the render frame was disposed before WebFrameMain could be reached.
    return UNTRUSTED;
  }
}
