// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { FormDialog } from './FormDialog';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('FormDialog', () => {
  it('takes the focus on its first control, closes on Escape, sends on Enter, and gives the focus back when it goes', () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const container = document.createElement('div');
    document.body.append(container);
    const said: string[] = [];
    const root = createRoot(container);
    act(() =>
      root.render(
        <FormDialog className="test-dialog" title="Save as" onClose={() => said.push('closed')} onSubmit={() => said.push('sent')}>
          <input aria-label="Quality" disabled />
          <input aria-label="Name" />
          <button type="submit">Save</button>
        </FormDialog>,
      ),
    );
    const dialog = container.querySelector('[role="dialog"]')!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('Save as');
    expect(container.querySelector('.dialog-backdrop')?.classList.contains('test-dialog')).toBe(true);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Name');
    act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })));
    act(() => void container.querySelector('form')!.requestSubmit());
    expect(said).toEqual(['closed', 'sent']);
    act(() => root.unmount());
    expect(document.activeElement).toBe(opener);
  });
});
