// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import type { FrameAction } from './frameActions';
import { FrameButtons } from './FrameButtons';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function render(props: { disabled?: boolean; onUse: (a: FrameAction) => void }) {
  const container = document.createElement('div');
  const root = createRoot(container);
  act(() => root.render(<FrameButtons {...props} />));
  return { buttons: [...container.querySelectorAll('button')], unmount: () => act(() => root.unmount()) };
}

describe('FrameButtons', () => {
  it('offers the frame as the picture first (the main action) and as a keyframe, each running its own action', () => {
    const used: string[] = [];
    const { buttons, unmount } = render({ onUse: (a) => used.push(a.id) });
    expect(buttons.map((b) => b.textContent)).toEqual(['Use this frame as the picture', 'Pin as a keyframe']);
    expect(buttons.map((b) => b.classList.contains('primary'))).toEqual([true, false]);
    expect(buttons.every((b) => b.title.length > 0 && b.type === 'button')).toBe(true);
    act(() => buttons[1]!.click());
    act(() => buttons[0]!.click());
    expect(used).toEqual(['frame-keyframe', 'frame-picture']);
    unmount();
  });

  it('does nothing while the player is busy with a frame', () => {
    const used: string[] = [];
    const { buttons, unmount } = render({ disabled: true, onUse: (a) => used.push(a.id) });
    expect(buttons.every((b) => b.disabled)).toBe(true);
    act(() => buttons[0]!.click());
    expect(used).toEqual([]);
    unmount();
  });
});
