/** Adds a window listener; answers the function that removes it, so an effect can return all of them at once. */
export function listen<K extends keyof WindowEventMap>(type: K, listener: (e: WindowEventMap[K]) => void): () => void {
  window.addEventListener(type, listener);
  return () => window.removeEventListener(type, listener);
}
