import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyDocument } from '../../../../shared/canvas/document';
import type { TaskRequest } from '../../../../shared/tasks/taskRequest';
import { useCanvasStore } from '../canvas/canvasStore';
import { generate } from './generate';

// The mask export is a round trip to main; the test holds it open while the artist types on.
const held = vi.hoisted(() => ({ release: null as (() => void) | null, exported: false, sent: [] as TaskRequest[] }));
vi.mock('../canvas/maskExport', () => ({
  currentExport: () => (held.exported ? { maskAssetId: 'mask-1' } : {}),
  exportMask: () =>
    new Promise<null>((resolve) => {
      held.release = () => {
        held.exported = true;
        resolve(null);
      };
    }),
}));
vi.mock('../canvas/mask/maskBuffer', () => ({ isBlank: () => false }));
vi.mock('../../api', () => ({
  gen: {
    tasks: {
      submitGroup: ({ request }: { request: TaskRequest }) => {
        held.sent.push(request);
        return Promise.resolve({ ok: true, value: [] });
      },
    },
  },
}));

afterEach(() => {
  held.sent.length = 0;
  held.release = null;
  held.exported = false;
});

describe('Generate', () => {
  it('sends the prompt the panel showed when it was pressed, whatever is typed while the mask is exported', async () => {
    const document = { ...emptyDocument('gen-pro-1.0-fill'), intent: 'inpaint', base: { assetId: 'picture-1', name: 'harbour.png', width: 512, height: 512 } };
    document.formValues = { 'gen-pro-1.0-fill': { prompt: 'a red boat' } };
    useCanvasStore.setState({ document, mask: {} as never });

    const pressed = generate();
    await vi.waitFor(() => expect(held.release).not.toBeNull());
    useCanvasStore.getState().setFormValue('prompt', 'the next idea');
    held.release!();
    await pressed;

    expect(held.sent).toHaveLength(1);
    expect(held.sent[0]!.params.prompt).toBe('a red boat');
  });
});
