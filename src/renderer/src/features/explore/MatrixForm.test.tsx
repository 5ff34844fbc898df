// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MatrixSpec } from '../../../../shared/explore/matrix';
import { MatrixForm } from './MatrixForm';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const draft: MatrixSpec = { prompt: 'a fox', models: ['gen-dev'], seeds: 1, firstSeed: 7, size: null, sweep: null };

/** Types into the prompt as a keyboard does: React reads the value the input event finds. */
function type(textarea: HTMLTextAreaElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(textarea, value);
  textarea.dispatchEvent(new Event('input', { bubbles: true }));
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the matrix form', () => {
  it('hands on a prompt typed just before the screen is left, so coming back finds it', () => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    const onChange = vi.fn();
    act(() => root.render(<MatrixForm draft={draft} problem={null} summary={null} quote={null} busy={false} onChange={onChange} onGenerate={() => undefined} />));
    act(() => type(container.querySelector('textarea')!, 'a red fox'));
    expect(onChange).not.toHaveBeenCalled();
    act(() => root.unmount());
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ prompt: 'a red fox' });
    act(() => vi.runAllTimers());
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('hands nothing on when leaving with the prompt already handed on', () => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    const onChange = vi.fn();
    act(() => root.render(<MatrixForm draft={draft} problem={null} summary={null} quote={null} busy={false} onChange={onChange} onGenerate={() => undefined} />));
    act(() => root.unmount());
    expect(onChange).not.toHaveBeenCalled();
  });

  it('says beside the Vary list which values the chosen models cannot vary, and why; the count is "How many values"', () => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    const both = { ...draft, models: ['gen-dev', 'gen-2-klein-4b'], sweep: { field: 'safety_tolerance', from: 0, to: 6, steps: 4 } };
    act(() => root.render(<MatrixForm draft={both} problem={null} summary={null} quote={null} busy={false} onChange={() => undefined} onGenerate={() => undefined} />));
    expect(container.querySelector('[aria-label="Values that cannot be varied"]')?.textContent).toContain('Guidance: Gen 2 Klein 4B has no guidance');
    expect(container.querySelector('[aria-label="How many values"]')).not.toBeNull();
    act(() => root.unmount());
  });
});
