// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../../../../shared/i18n/catalog';
import { createText } from '../../../../shared/i18n/text';
import { saying } from '../../ui/i18n/saying';
import { useTextStore } from '../../ui/i18n/textStore';
import { FullView } from './FullView';
import { libraryItem } from './testing/libraryItem';

const german = createText('de', await loadMessages('de'));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => useTextStore.getState().choose('en'));
});

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
    const note = { kind: 'info' as const, text: saying('gallery.note.picture'), about: 'r1' };
    const show = (id: string) =>
      act(() =>
        root.render(<FullView item={libraryItem({ id, width: 640, height: 480 })} position="1 of 2" actions={[]} note={note} onRun={() => undefined} onStep={() => undefined} onClose={() => undefined} />),
      );
    show('r1');
    expect(container.textContent).toContain('The result is the canvas’s picture now.');
    show('r2');
    expect(container.textContent).not.toContain('The result is the canvas’s picture now.');
    act(() => root.unmount());
  });

  it('says an action’s note again in German once German is chosen while it shows, a name in it as it is', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    const note = { kind: 'info' as const, text: saying('gallery.note.saved', { file: 'hafen.png' }), about: 'r1' };
    act(() => root.render(<FullView item={libraryItem({ id: 'r1', width: 640, height: 480 })} position="1 of 2" actions={[]} note={note} onRun={() => undefined} onStep={() => undefined} onClose={() => undefined} />));
    const shown = () => container.querySelector('.full-details [role="status"], [role="status"].muted')?.textContent;
    expect(shown()).toBe('Saved hafen.png, with its parameters inside.');
    await act(() => useTextStore.getState().choose('de'));
    expect(shown()).toBe(german.t('gallery.note.saved', { file: 'hafen.png' }));
    act(() => root.unmount());
  });
});
