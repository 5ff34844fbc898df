// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import type { DroppedFile } from '../../../../shared/ipc/contract';
import { buildGenerationMetadata } from '../../../../shared/metadata/generationMetadata';
import { RestoreDialog } from './RestoreDialog';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function render(found: DroppedFile, onCancel: () => void = () => undefined): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  act(() => createRoot(container).render(<RestoreDialog name="door.png" found={found} onRestore={() => undefined} onCancel={onCancel} />));
  return container;
}

const metadata = (endpointId: string) =>
  buildGenerationMetadata('0.1.0', { endpointId, endpointTitle: null, release: 'snapshot', params: { prompt: 'a red door', seed: 3 }, seed: 3, width: 64, height: 64, inputs: [] });

describe('restoring a dropped file’s parameters', () => {
  it('says which inputs it cannot restore, and restores the rest', () => {
    const root = render({
      kind: 'gen-studio',
      metadata: metadata('gen-pro-1.0-fill'),
      inputs: [
        { field: 'image', assetId: 'a'.repeat(64), available: true },
        { field: 'mask', assetId: 'b'.repeat(64), available: false },
      ],
    });
    expect(root.textContent).toContain('“a red door”');
    expect(root.querySelector('[aria-label="Cannot be restored"]')!.textContent).toBe('The mask input is not stored on this computer: it will be left empty.');
    expect(root.querySelector<HTMLButtonElement>('.button.primary')!.disabled).toBe(false);
  });

  it('an endpoint this version does not know cannot be restored, and says so', () => {
    const root = render({ kind: 'gen-studio', metadata: metadata('gen-from-the-future'), inputs: [] });
    expect(root.textContent).toContain('does not know the model gen-from-the-future');
    expect(root.querySelector<HTMLButtonElement>('.button.primary')!.disabled).toBe(true);
  });

  it('another tool’s infotext offers its prompt and seed', () => {
    const root = render({ kind: 'infotext', prompt: 'a cat', seed: 9, width: 512, height: 512, steps: 20, guidance: 7 });
    expect(root.textContent).toContain('Made by another tool; its prompt and seed can be used with Dev.');
    expect(root.textContent).toContain('Seed 9');
  });

  it('closes on Escape, as every other dialog of the app does', () => {
    let cancelled = 0;
    render({ kind: 'infotext', prompt: 'a red door', seed: 3, width: 64, height: 64, steps: null, guidance: null }, () => cancelled++);
    act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })));
    expect(cancelled).toBe(1);
  });
});
