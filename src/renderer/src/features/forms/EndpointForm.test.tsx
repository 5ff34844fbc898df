// @vitest-environment happy-dom
import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { getEndpoint } from '../../../../shared/catalog/catalog';
import type { JsonValue } from '../../../../shared/catalog/field';
import { validateRequest } from '../../../../shared/validation/validate';
import { useTextStore } from '../../ui/i18n/textStore';
import { EndpointForm } from './EndpointForm';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Harness({ endpointId, showInferred }: { endpointId: string; showInferred?: boolean }) {
  const endpoint = getEndpoint(endpointId);
  const [values, setValues] = useState<Record<string, JsonValue | undefined>>({});
  const issues = validateRequest(endpoint, Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)));
  return <EndpointForm endpoint={endpoint} values={values} issues={issues} onChange={(n, v) => setValues((s) => ({ ...s, [n]: v }))} showInferred={showInferred} />;
}

const containers: HTMLDivElement[] = [];
afterEach(() => containers.splice(0).forEach((c) => c.remove()));

function render(endpointId: string, showInferred?: boolean) {
  const container = document.createElement('div');
  containers.push(container);
  document.body.append(container);
  act(() => createRoot(container).render(<Harness endpointId={endpointId} showInferred={showInferred} />));
  return container;
}

function type(input: HTMLInputElement, text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const inputFor = (root: HTMLElement, label: string) =>
  [...root.querySelectorAll('label')].find((l) => l.textContent?.startsWith(label))!.control as HTMLInputElement;

describe('EndpointForm', () => {
  it('shows a control per catalog field, with its limits and default', () => {
    const root = render('gen-dev');
    const width = inputFor(root, 'Width');
    expect(width.min).toBe('256');
    expect(width.max).toBe('1440');
    expect(width.step).toBe('32');
    expect(root.textContent).toContain('256 to 1440, multiple of 32');
    expect(inputFor(root, 'Steps').placeholder).toBe('default 28');
  });

  it('shows the service’s 422 message inline on the field, and clears it when fixed', () => {
    const root = render('gen-dev');
    const width = inputFor(root, 'Width');
    type(width, '1000');
    expect(width.getAttribute('aria-invalid')).toBe('true');
    expect(root.querySelector('[data-field="width"] [role="alert"]')?.textContent).toBe('Input should be a multiple of 32');
    type(width, '1024');
    expect(width.getAttribute('aria-invalid')).toBeNull();
  });

  it('starts a documented default of 0 empty, as "auto", and refuses 0 typed in, as the service does', () => {
    const root = render('gen-2-klein-9b-preview');
    const width = inputFor(root, 'Width');
    expect(width.value).toBe('');
    expect(width.placeholder).toBe('auto');
    expect(width.min).toBe('64');
    expect(width.getAttribute('aria-invalid')).toBeNull();
    expect(root.querySelector('[data-field="width"] .form-hint')?.textContent).toBe('at least 64, or empty for auto');
    type(width, '32');
    expect(root.querySelector('[data-field="width"] [role="alert"]')?.textContent).toBe('Input should be greater than or equal to 64');
    type(width, '0');
    expect(root.querySelector('[data-field="width"] [role="alert"]')?.textContent).toBe('Input should be greater than or equal to 64');
    type(width, '');
    expect(width.getAttribute('aria-invalid')).toBeNull();
  });

  it('marks inferred fields', () => {
    const root = render('gen-3-video');
    expect(root.querySelector('[data-field="duration"] .inferred-mark')).not.toBeNull();
    expect(render('gen-dev').querySelector('.inferred-mark')).toBeNull();
  });

  it('speaks artist: choices in words, the default listed once, the webhook under Advanced with what it is for', () => {
    // As the studio shows them: the catalog's notes on what it inferred are for the reference.
    const outpaint = render('outpainting-v1', false);
    const mode = outpaint.querySelector<HTMLSelectElement>('[data-field="mode"] select')!;
    expect([...mode.options].map((o) => o.textContent)).toEqual(['High quality (default)', 'Fast']);
    const image3 = render('gen-3-image', false);
    const sizes = [...image3.querySelector<HTMLSelectElement>('[data-field="resolution"] select')!.options].map((o) => o.textContent);
    expect(sizes).toContain('768 × 768 (small square)');
    const said = [outpaint, image3, render('gen-dev'), render('gen-pro-1.0-fill')].map((r) => r.textContent).join(' ');
    for (const word of ['768sq', 'Webhook', 'blob path', 'high (default)', 'Input image blob']) expect(said).not.toContain(word);
    expect([...render('gen-dev').querySelectorAll('summary')].map((s) => s.textContent)).toEqual(['Advanced']);
    expect(render('gen-dev').querySelector('[aria-label="Notify another address"]')?.textContent).toContain('leave these empty');
  });
});

describe('a field with several problems', () => {
  afterEach(async () => {
    await act(() => useTextStore.getState().choose('en'));
  });

  it('lists them as the language on screen lists things, the service’s own words kept as sent', async () => {
    const endpoint = getEndpoint('gen-3-video');
    const field = endpoint.fields.find((f) => f.type === 'keyframes')!.name;
    const issues = [...validateRequest(endpoint, { [field]: [{ time: -1 }] }), { loc: ['body', field], msg: 'The service says no', type: 'value_error' }].filter((i) => i.loc[1] === field);
    await act(() => useTextStore.getState().choose('ja'));
    const container = document.createElement('div');
    containers.push(container);
    document.body.append(container);
    act(() => createRoot(container).render(<EndpointForm endpoint={endpoint} values={{ [field]: [{ time: -1 }] }} issues={issues} onChange={() => undefined} />));
    const line = container.querySelector('.form-error')!;
    expect(line.textContent).toBe('このキーフレームには画像がありません。 キーフレームはクリップの開始より前には置けません。 The service says no');
    expect(line.querySelector('[translate="no"]')?.textContent).toBe('The service says no');
  });
});

