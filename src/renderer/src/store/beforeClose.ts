import { gen } from '../api';

type Hook = () => Promise<void>;
const hooks = new Set<Hook>();

/** Work that must reach disk before the window closes (a project's unsaved edits). Answers a function that removes it. */
export function onBeforeClose(hook: Hook): () => void {
  hooks.add(hook);
  return () => hooks.delete(hook);
}

/**
 * Answers main's `app.closing`: runs every hook, then says the window may go. A failing hook still lets the
 * window close (its own status already says what was not saved); main also stops waiting after a few seconds.
 */
export function followCloseRequests(): () => void {
  return gen.app.onClosing(() => {
    void Promise.allSettled([...hooks].map((hook) => hook())).then(() => gen.app.readyToClose());
  });
}
