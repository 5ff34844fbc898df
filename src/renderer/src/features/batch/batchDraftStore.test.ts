import { afterEach, describe, expect, it } from 'vitest';
import type { BatchPicture } from '../../../../shared/batch/plan';
import { batchDraft, resetBatchDraft, useBatchDraft } from './batchDraftStore';

const pic = (n: number): BatchPicture => ({ assetId: `a${n}`, name: `IMG_${n}.png`, width: 640, height: 480 });

afterEach(resetBatchDraft);

describe('the batch being prepared', () => {
  it('asks for the other one when try-on’s pictures change from garments to people: the person is not the garment', () => {
    batchDraft.chooseTool('try-on');
    batchDraft.setPartner(pic(1));
    batchDraft.setPicturesAre('garments');
    expect(useBatchDraft.getState().partner).toEqual(pic(1));
    batchDraft.setPicturesAre('people');
    expect(useBatchDraft.getState()).toMatchObject({ picturesAre: 'people', partner: null });
  });

  it('adds only pictures not in the batch yet, and with none new keeps the list it held', () => {
    batchDraft.add([pic(1), pic(2)], []);
    const held = useBatchDraft.getState().pictures;
    batchDraft.add([pic(2), pic(1)], []);
    expect(useBatchDraft.getState().pictures).toBe(held);
    batchDraft.add([pic(2), pic(3), pic(3)], []);
    expect(useBatchDraft.getState().pictures).toEqual([pic(1), pic(2), pic(3)]);
  });

  it('keeps every choice until it is run or cleared', () => {
    batchDraft.add([pic(1), pic(2)], []);
    batchDraft.chooseTool('expand');
    batchDraft.toggleFormat('1x1', false);
    batchDraft.toggleFormat('4x5', true);
    batchDraft.setPrompt('a calm sea');
    batchDraft.setOutputFolder({ handle: 'fo-00000000-0000-4000-8000-000000000000', path: '/home/ann/out' });
    batchDraft.setMask(pic(9));
    expect(useBatchDraft.getState()).toMatchObject({
      pictures: [pic(1), pic(2)],
      tool: 'expand',
      endpointId: 'gen-pro-1.0-expand',
      formats: ['9x16', '16x9', '4x5'],
      prompt: 'a calm sea',
      outputFolder: { handle: 'fo-00000000-0000-4000-8000-000000000000', path: '/home/ann/out' },
      mask: pic(9),
    });
    batchDraft.clearPictures();
    expect(useBatchDraft.getState()).toMatchObject({ pictures: [], tool: 'expand', outputFolder: { handle: 'fo-00000000-0000-4000-8000-000000000000', path: '/home/ann/out' } });
  });

  it('a started run takes its pictures and problems away and keeps the tool, model, shapes, prompt and folder for the next', () => {
    batchDraft.add([pic(1)], [() => 'IMG_2.png: not a picture']);
    batchDraft.chooseTool('try-on');
    batchDraft.setPartner(pic(5));
    batchDraft.setPicturesAre('people');
    batchDraft.setOutputFolder({ handle: 'fo-00000000-0000-4000-8000-000000000000', path: '/home/ann/out' });
    const before = useBatchDraft.getState();
    batchDraft.started();
    expect(useBatchDraft.getState()).toEqual({ ...before, pictures: [], problems: [] });
  });

  it('pictures from the gallery join those already chosen, each once, and bring their own problems', () => {
    const first = () => 'IMG_3.png: not a picture';
    const second = () => 'clip.mp4 is a video and was left out: a batch works on pictures.';
    batchDraft.add([pic(1), pic(2)], [first]);
    batchDraft.add([pic(2), pic(4), pic(4)], [second]);
    expect(useBatchDraft.getState().pictures.map((p) => p.assetId)).toEqual(['a1', 'a2', 'a4']);
    expect(useBatchDraft.getState().problems).toEqual([second]);
  });

  it('a new tool starts on its own first model', () => {
    batchDraft.chooseTool('expand');
    batchDraft.chooseTool('deblur');
    expect(useBatchDraft.getState()).toMatchObject({ tool: 'deblur', endpointId: 'deblur-v1' });
  });
});
