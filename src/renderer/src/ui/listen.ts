/** Adds a window listener; answers the function that removes it, so an effect can return all of them at once. */
export function listen<K extends keyof WindowEventMap>(type: K, listener: (e: WindowEventMap[K]) => void): () => void {
  window.addEventListener(type, listener);
  return () => window.removeEventListener(type, listener);
}

type ElementListeners = { readonly [K in keyof HTMLElementEventMap]?: (e: HTMLElementEventMap[K]) => void };

/**
 * Adds several listeners to one element; answers the function that removes every one of them, so a wait or a
 * drag that ends itself takes all its listeners off at once and cannot leave one behind.
 */
export function listenOn(target: HTMLElement, listeners: ElementListeners): () => void {
  const added = Object.entries(listeners) as Array<[string, EventListener]>;
  for (const [type, listener] of added) target.addEventListener(type, listener);
  return () => {
    for (const [type, listener] of added) target.removeEventListener(type, listener);
  };
}
