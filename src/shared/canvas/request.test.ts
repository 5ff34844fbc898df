import { describe, expect, it } from 'vitest';
import { getEndpoint } from '../catalog/catalog';
import { splitBoundingBoxes } from '../catalog/boundingBoxes';
import { validateTaskRequest } from '../tasks/taskRequest';
import { emptyDocument, type CanvasDocument, type ImageRef } from './document';
import { canvasRequest, canvasUse, documentUse, finalPrompt, marginsForAspect, referencesLeftOut } from './request';

const id = (n: number) => n.toString(16).padStart(64, '0');
const ref = (n: number, width = 1000, height = 500): ImageRef => ({ assetId: id(n), name: `r${n}.png`, width, height });
const doc = (endpointId: string, over: Partial<CanvasDocument> = {}): CanvasDocument => ({ ...emptyDocument(endpointId), base: ref(1), ...over });

describe('canvasUse reads the layers an endpoint takes from the catalog', () => {
  it('fill takes image and mask (or alpha), expand takes four sides up to 2048, gen-3-image takes boxes and ten references', () => {
    expect(canvasUse(getEndpoint('gen-pro-1.0-fill'))).toMatchObject({ imageField: 'image', maskField: 'mask', alphaMask: true, boxes: false });
    expect(canvasUse(getEndpoint('gen-pro-1.0-expand'))).toMatchObject({ expandSides: ['top', 'bottom', 'left', 'right'], expandMax: 2048 });
    expect(canvasUse(getEndpoint('gen-3-image'))).toMatchObject({ boxes: true });
    expect(canvasUse(getEndpoint('gen-3-image')).referenceFields).toHaveLength(10);
    expect(canvasUse(getEndpoint('gen-ctx-max')).referenceFields).toEqual(['input_image', 'input_image_2', 'input_image_3', 'input_image_4']);
    expect(canvasUse(getEndpoint('outpainting-v1')).outpaint).toBe(true);
  });
});

describe('canvasRequest', () => {
  it('sends the margins as the expand endpoint’s sides and the base image by asset id', () => {
    const request = canvasRequest(getEndpoint('gen-pro-1.0-expand'), doc('gen-pro-1.0-expand', { expansion: { top: 64, bottom: 0, left: 32, right: 2048 } }));
    expect(request.params).toMatchObject({ top: 64, bottom: 0, left: 32, right: 2048 });
    expect(request.inputs).toEqual({ image: { assetId: id(1) } });
  });

  it('sends the mask as its own field, or the alpha image in place of the image', () => {
    const fill = getEndpoint('gen-pro-1.0-fill');
    expect(canvasRequest(fill, doc(fill.id), { maskAssetId: id(9) }).inputs).toEqual({ image: { assetId: id(1) }, mask: { assetId: id(9) } });
    const alpha = doc(fill.id, { mask: { ...emptyDocument(fill.id).mask, exportAs: 'alpha' } });
    expect(canvasRequest(fill, alpha, { maskAssetId: id(9), alphaImageAssetId: id(8) }).inputs).toEqual({ image: { assetId: id(8) } });
  });

  it('fills reference fields in board order, up to the limit, and says which are left out', () => {
    const ctx = getEndpoint('gen-ctx-max');
    const board = doc(ctx.id, { base: null, references: [ref(2), ref(3), ref(4), ref(5), ref(6)] });
    const request = canvasRequest(ctx, board);
    expect(Object.entries(request.inputs).filter(([k]) => k.startsWith('input_image'))).toEqual([
      ['input_image', { assetId: id(2) }],
      ['input_image_2', { assetId: id(3) }],
      ['input_image_3', { assetId: id(4) }],
      ['input_image_4', { assetId: id(5) }],
    ]);
    expect(referencesLeftOut(ctx, board)).toEqual([ref(6)]);
  });

  it('an editor with a picture on the canvas gets the picture as its first image and the board after it', () => {
    const gen3 = getEndpoint('gen-3-image');
    const d = doc(gen3.id, { intent: 'edit', references: [ref(2), ref(3)], formValues: { [gen3.id]: { prompt: 'put the hat of image 2 on image 1' } } });
    expect(canvasRequest(gen3, d).inputs).toEqual({ input_image: { assetId: id(1) }, input_image_2: { assetId: id(2) }, input_image_3: { assetId: id(3) } });
    expect(documentUse(gen3, d)).toMatchObject({ imageField: 'input_image', pictureFirst: true });
    // Ten images in all: the picture and nine references; the tenth reference is left out and said so.
    const full = doc(gen3.id, { intent: 'edit', references: Array.from({ length: 10 }, (_, i) => ref(i + 2)) });
    expect(referencesLeftOut(gen3, full)).toEqual([ref(11)]);
  });

  it('Create sends words only, whatever is on the canvas; try-on sends the picture as the person and the first reference as the garment', () => {
    const flex = getEndpoint('gen-2-flex');
    expect(canvasRequest(flex, doc(flex.id, { intent: 'create', references: [ref(2)] })).inputs).toEqual({});
    const vto = getEndpoint('vto-v2');
    expect(canvasRequest(vto, doc(vto.id, { intent: 'try-on', references: [ref(2), ref(3)] })).inputs).toEqual({ person_image: { assetId: id(1) }, garment_image: { assetId: id(2) } });
  });

  it('appends the boxes to the prompt as the catalog serialises them, normalised to 0..1000', () => {
    const gen3 = getEndpoint('gen-3-image');
    const d = doc(gen3.id, {
      formValues: { [gen3.id]: { prompt: 'a cat and a hat' } },
      boxes: [{ id: 'b1', label: 'cat', x: 100, y: 50, width: 400, height: 200 }],
    });
    const prompt = finalPrompt(gen3, d);
    expect(prompt).toBe('a cat and a hat [{"label":"cat","box":[100,100,500,500]}]');
    expect(splitBoundingBoxes(prompt).boxes).toEqual([{ label: 'cat', box: [100, 100, 500, 500] }]);
    expect(canvasRequest(gen3, d).params.prompt).toBe(prompt);
  });

  it('sends the outpaint frame as width, height and reference offsets, and the catalog accepts the result', () => {
    const out = getEndpoint('outpainting-v1');
    const d = doc(out.id, { outpaint: { width: 1600, height: 900, offsetX: 300, offsetY: 200 } });
    const request = canvasRequest(out, d);
    expect(request.params).toMatchObject({ width: 1600, height: 900, reference_offset_x: 300, reference_offset_y: 200 });
    expect(validateTaskRequest(out, request, () => ({ width: 1000, height: 500, hasAlpha: false, bytes: 1000 }))).toEqual([]);
  });
});

it('marginsForAspect grows the short side evenly to the ratio, within the limit', () => {
  expect(marginsForAspect(1000, 500, 1, 2048)).toEqual({ top: 250, bottom: 250, left: 0, right: 0 });
  expect(marginsForAspect(1000, 1000, 16 / 9, 2048)).toEqual({ top: 0, bottom: 0, left: 389, right: 389 });
  expect(marginsForAspect(100, 10000, 1, 2048)).toEqual({ top: 0, bottom: 0, left: 2048, right: 2048 });
});
