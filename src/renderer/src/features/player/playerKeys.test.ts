import { describe, expect, it } from 'vitest';
import { playerCommand, type KeyLike } from './playerKeys';

const key = (k: string, mods: Partial<KeyLike> = {}): KeyLike => ({ key: k, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...mods });

describe('player keys', () => {
  it('plays, steps a frame, a second, and goes to either end from the player', () => {
    expect(playerCommand(key(' '), 'player')).toEqual({ kind: 'toggle' });
    expect(playerCommand(key(','), 'player')).toEqual({ kind: 'step', frames: -1 });
    expect(playerCommand(key('.'), 'player')).toEqual({ kind: 'step', frames: 1 });
    expect(playerCommand(key('ArrowRight', { shiftKey: true }), 'player')).toEqual({ kind: 'step', frames: 24 });
    expect(playerCommand(key('ArrowLeft', { shiftKey: true }), 'player')).toEqual({ kind: 'step', frames: -24 });
    expect(playerCommand(key('Home'), 'player')).toEqual({ kind: 'first' });
    expect(playerCommand(key('End'), 'player')).toEqual({ kind: 'last' });
  });

  it('leaves the strip its arrows and Home/End, and the full view its arrows', () => {
    expect(playerCommand(key(' '), 'strip')).toEqual({ kind: 'toggle' });
    expect(playerCommand(key('.'), 'strip')).toEqual({ kind: 'step', frames: 1 });
    expect(playerCommand(key('ArrowRight', { shiftKey: true }), 'strip')).toBeNull();
    expect(playerCommand(key('Home'), 'strip')).toBeNull();
    expect(playerCommand(key('ArrowRight', { shiftKey: true }), 'full-view')).toEqual({ kind: 'step', frames: 24 });
    expect(playerCommand(key('ArrowRight'), 'full-view')).toBeNull();
    expect(playerCommand(key('End'), 'full-view')).toBeNull();
  });

  it('leaves shortcuts with a modifier alone', () => {
    expect(playerCommand(key('.', { ctrlKey: true }), 'player')).toBeNull();
    expect(playerCommand(key(' ', { metaKey: true }), 'player')).toBeNull();
  });
});
