// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import type { ExportFormat, LibraryItem } from '../../../../shared/ipc/contract';
import { SaveAsDialog } from './SaveAsDialog';
import { libraryItem } from './testing/libraryItem';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const item = (mime: string, fileName: string): LibraryItem =>
  libraryItem({ fileName, mime, height: 288, endpointId: 'gen-3-video', release: 'preview', params: { prompt: 'waves' }, seed: 7, outputMp: 0, createdAt: 0, seconds: mime.startsWith('video/') ? 2 : null });

function render(of: LibraryItem, saved: Array<[ExportFormat, number]>): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  act(() => createRoot(container).render(<SaveAsDialog item={of} onSave={(f, q) => saved.push([f, q])} onCancel={() => undefined} />));
  return container;
}

const choices = (root: HTMLElement) => [...root.querySelectorAll<HTMLInputElement>('input[type="radio"]')].map((r) => r.value);

describe('Save as', () => {
  it('offers a video as MP4 only, with no quality to choose', () => {
    const saved: Array<[ExportFormat, number]> = [];
    const root = render(item('video/mp4', 'waves.mp4'), saved);
    expect(choices(root)).toEqual(['mp4']);
    expect(root.querySelector('[aria-label="Quality"]')).toBeNull();
    act(() => root.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
    expect(saved.map(([f]) => f)).toEqual(['mp4']);
  });

  it('offers a picture as PNG, JPEG or WebP, with a quality for the lossy ones', () => {
    const root = render(item('image/png', 'door.png'), []);
    expect(choices(root)).toEqual(['png', 'jpeg', 'webp']);
    expect(root.querySelector('[aria-label="Quality"]')).not.toBeNull();
  });
});
