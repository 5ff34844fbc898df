// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FullView } from './FullView';
import { libraryItem } from './testing/libraryItem';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => vi.restoreAllMocks());

describe('FullView', () => {
  it('listens for keys once, however often it renders, and a key reaches the latest props', () => {
    const added = vi.spyOn(window, 'addEventListener');
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    const item = libraryItem({ id: 'r1', width: 640, height: 480, params: { prompt: 'a red door' } });
    const steps: string[] = [];
    const show = (position: string) =>
      act(() =>
        root.render(<FullView item={item} position={position} actions={[]} note={null} onRun={() => undefined} onStep={(d) => steps.push(`${position}:${d}`)} onClose={() => undefined} />),
      );
    // A clip playing renders the view many times a second: each render is a new position text here.
    for (let n = 1; n <= 24; n++) show(`${n} of 24`);
    expect(added.mock.calls.filter(([type]) => type === 'keydown')).toHaveLength(1);
    act(() => void document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true })));
    expect(steps).toEqual(['24 of 24:1']);
    act(() => root.unmount());
  });

  it('shows a note only in the full view of the result it is about', () => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    const note = { kind: 'info' as const, text: 'The result is the canvas’s picture now.', about: 'r1' };
    const show = (id: string) =>
      act(() =>
        root.render(<FullView item={libraryItem({ id, width: 640, height: 480 })} position="1 of 2" actions={[]} note={note} onRun={() => undefined} onStep={() => undefined} onClose={() => undefined} />),
      );
    show('r1');
    expect(container.textContent).toContain(note.text);
    show('r2');
    expect(container.textContent).not.toContain(note.text);
    act(() => root.unmount());
  });
});
