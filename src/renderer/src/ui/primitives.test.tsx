// @vitest-environment happy-dom
import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './Button';
import { FileButton } from './FileButton';
import { NumberField } from './NumberField';
import { Panel } from './Panel';
import { Tabs } from './Tabs';
import { TextField } from './TextField';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const containers: HTMLDivElement[] = [];
afterEach(() => containers.splice(0).forEach((c) => c.remove()));

function render(node: React.ReactNode) {
  const container = document.createElement('div');
  containers.push(container);
  document.body.append(container);
  act(() => createRoot(container).render(node));
  return container;
}

/** Sets an input's value the way React notices (through the native setter) and fires input. */
function type(input: HTMLInputElement, text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const key = (el: Element, k: string) => act(() => void el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })));

describe('Button', () => {
  it('never submits a form by default and carries its variant', () => {
    const onSubmit = vi.fn((e: Event) => e.preventDefault());
    const c = render(
      <form onSubmit={(e) => onSubmit(e.nativeEvent)}>
        <Button variant="danger" size="sm">
          Remove
        </Button>
      </form>,
    );
    const b = c.querySelector('button')!;
    expect(b.type).toBe('button');
    expect(b.className).toBe('button danger button-sm');
    act(() => b.click());
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('TextField', () => {
  it('names its input by the label and reads out the hint and the error', () => {
    function Harness() {
      const [v, setV] = useState('');
      return <TextField label="Name" value={v} onChange={setV} hint="Shown in the list" error={v === 'x' ? 'Too short' : null} />;
    }
    const c = render(<Harness />);
    const input = c.querySelector('input')!;
    expect(c.querySelector(`label[for="${input.id}"]`)!.textContent).toBe('Name');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    type(input, 'x');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)!.textContent);
    expect(described).toEqual(['Shown in the list', 'Too short']);
  });
});

describe('NumberField', () => {
  function Harness({ onCommit }: { onCommit: (n: number) => void }) {
    const [v, setV] = useState(512);
    return (
      <NumberField
        label="Width"
        value={v}
        min={256}
        max={2048}
        onCommit={(n) => {
          onCommit(n);
          setV(n);
        }}
      />
    );
  }

  it('applies an acceptable value as typed, waits on one on its way, and clamps it on Enter', () => {
    const onCommit = vi.fn();
    const c = render(<Harness onCommit={onCommit} />);
    const input = c.querySelector('input')!;
    expect(input.getAttribute('aria-label')).toBe('Width');
    type(input, '1');
    expect(onCommit).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    type(input, '1200');
    expect(onCommit).toHaveBeenLastCalledWith(1200);
    expect(input.getAttribute('aria-invalid')).toBeNull();
    type(input, '9000');
    key(input, 'Enter');
    expect(onCommit).toHaveBeenLastCalledWith(2048);
    expect(input.value).toBe('2048');
  });

  it('puts the value back on Escape', () => {
    const onCommit = vi.fn();
    const c = render(<Harness onCommit={onCommit} />);
    const input = c.querySelector('input')!;
    type(input, '3');
    key(input, 'Escape');
    expect(input.value).toBe('512');
    expect(onCommit).not.toHaveBeenCalled();
  });
});

describe('FileButton', () => {
  it('hands over the chosen files and empties the input so the same file can be chosen again', async () => {
    const onFiles = vi.fn();
    const c = render(
      <FileButton label="Open a picture" accept="image/*" onFiles={onFiles}>
        Open…
      </FileButton>,
    );
    const input = c.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.getAttribute('aria-label')).toBe('Open a picture');
    expect(input.closest('label')!.className).toContain('button');
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    await act(async () => void input.dispatchEvent(new Event('change', { bubbles: true })));
    expect(onFiles).toHaveBeenCalledWith([file]);
    expect(input.value).toBe('');
  });
});

describe('Panel', () => {
  it('is a region named by its title', () => {
    const c = render(
      <Panel title="Mask" actions={<span>saved</span>}>
        <p>body</p>
      </Panel>,
    );
    const section = c.querySelector('section')!;
    expect(document.getElementById(section.getAttribute('aria-labelledby')!)!.textContent).toBe('Masksaved');
    expect(section.querySelector('h3')).not.toBeNull();
  });
});

describe('Tabs', () => {
  it('moves and selects with the arrow keys, Home and End, skipping disabled tabs', () => {
    function Harness() {
      const [tab, setTab] = useState<'a' | 'b' | 'c' | 'd'>('a');
      return (
        <Tabs
          label="View"
          selected={tab}
          onSelect={setTab}
          tabs={[
            { id: 'a', label: 'A' },
            { id: 'b', label: 'B', disabled: true },
            { id: 'c', label: 'C' },
            { id: 'd', label: 'D' },
          ]}
        >
          <p>panel {tab}</p>
        </Tabs>
      );
    }
    const c = render(<Harness />);
    const list = c.querySelector('[role=tablist]')!;
    const selected = () => c.querySelector('[role=tab][aria-selected=true]')!.textContent;
    expect(selected()).toBe('A');
    expect([...c.querySelectorAll('[role=tab]')].map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1', '-1']);
    key(list, 'ArrowRight');
    expect(selected()).toBe('C');
    expect(document.activeElement?.textContent).toBe('C');
    key(list, 'End');
    expect(selected()).toBe('D');
    key(list, 'ArrowRight');
    expect(selected()).toBe('A');
    key(list, 'ArrowLeft');
    expect(selected()).toBe('D');
    key(list, 'Home');
    expect(selected()).toBe('A');
    const panel = c.querySelector('[role=tabpanel]')!;
    expect(document.getElementById(panel.getAttribute('aria-labelledby')!)!.textContent).toBe('A');
    expect(panel.textContent).toBe('panel a');
  });
});
