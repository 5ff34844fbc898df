import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';
import { useTextStore } from '../ui/i18n/textStore';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * Mounts `ui()` before each test of the file, with English on screen and after `prepare` has set the stores, and
 * unmounts it after: the setup of the component tests that switch language while a note shows. Answers where
 * the component is, for queries.
 */
export function mountEach(ui: () => ReactNode, prepare?: () => void): () => HTMLElement {
  let root: Root;
  let container: HTMLElement;
  beforeEach(async () => {
    await act(() => useTextStore.getState().choose('en'));
    prepare?.();
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    act(() => root.render(ui()));
  });
  afterEach(() => {
    act(() => root.unmount());
    document.body.innerHTML = '';
  });
  return () => container;
}
