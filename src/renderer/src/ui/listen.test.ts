// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { listenOn } from './listen';

describe('listenOn', () => {
  it('hears every event it was given, and hears none of them once taken off', () => {
    const element = document.createElement('div');
    const heard: string[] = [];
    const off = listenOn(element, { pointerup: (e) => heard.push(e.type), keydown: (e) => heard.push(e.key) });

    element.dispatchEvent(new Event('pointerup'));
    element.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    off();
    element.dispatchEvent(new Event('pointerup'));
    element.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));

    expect(heard).toEqual(['pointerup', 'Enter']);
  });
});
