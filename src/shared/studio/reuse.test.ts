import { describe, expect, it } from 'vitest';
import { emptyDocument, type CanvasDocument } from '../canvas/document';
import { canvasRequest } from '../canvas/request';
import { getEndpoint } from '../catalog/catalog';
import { loadMessages } from '../i18n/catalog';
import { english, say } from '../i18n/say';
import { createText } from '../i18n/text';
import { words } from '../i18n/words';
import type { TaskRequest } from '../tasks/taskRequest';
import { reuseDocument, reuseIntent, reuseMessage, type ReusedInput } from './reuse';

const german = createText('de', await loadMessages('de'));
/** What each replaced thing says in English, the way the note lists it. */
const replacedEnglish = (r: { replaced: readonly { said: Parameters<typeof english>[0] }[] }) => r.replaced.map((x) => english(x.said));

const id = (n: number) => n.toString(16).padStart(64, '0');
const ref = (n: number, width = 400, height = 300) => ({ assetId: id(n), name: `r${n}.png`, width, height });
const asset = (n: number, width = 400, height = 300) => ({ ...ref(n, width, height), kind: 'image' as const, seconds: null });

/** The inputs a library result keeps of a request: each field's asset, found again in the asset store. */
function stored(request: TaskRequest, gone: readonly string[] = []): ReusedInput[] {
  return Object.entries(request.inputs).flatMap(([field, value]) => {
    const list = Array.isArray(value) ? value : [value];
    return list.map((v: { assetId: string; time?: number }) => {
      const n = parseInt(v.assetId, 16);
      return { field, asset: gone.includes(field) ? null : { ...asset(n, n === 9 ? 64 : 400, n === 9 ? 48 : 300), kind: field === 'video' ? ('video' as const) : ('image' as const), seconds: field === 'video' ? 4 : null }, time: v.time };
    });
  });
}

/** A canvas on which everything was changed since: another picture, board, boxes, margins, model and prompt. */
const changed = (): CanvasDocument => ({
  ...emptyDocument('gen-dev'),
  intent: 'create',
  base: ref(20, 640, 480),
  references: [ref(21), ref(22), ref(23)],
  boxes: [{ id: 'b', label: 'dog', x: 1, y: 1, width: 9, height: 9 }],
  formValues: { 'gen-dev': { prompt: 'something else', seed: 3 } },
});

function roundTrip(made: CanvasDocument, assets: { maskAssetId?: string } = {}) {
  const endpoint = getEndpoint(made.endpointId);
  const first = canvasRequest(endpoint, made, assets);
  const reuse = reuseDocument(changed(), endpoint, first.params, stored(first));
  const again = canvasRequest(endpoint, reuse.document, reuse.maskAssetId ? { maskAssetId: reuse.maskAssetId } : {});
  return { first, again, reuse };
}

describe('reusing a result’s parameters', () => {
  it('sends the same request again for every intent, whatever was changed on the canvas since', () => {
    const cases: CanvasDocument[] = [
      { ...emptyDocument('gen-dev'), intent: 'create', formValues: { 'gen-dev': { prompt: 'a lighthouse', seed: 42, width: 512, height: 384, guidance: 3 } } },
      { ...emptyDocument('gen-2-pro'), intent: 'edit', base: ref(1), references: [ref(2), ref(3)], formValues: { 'gen-2-pro': { prompt: 'hat of image 2', seed: 7 } } },
      { ...emptyDocument('gen-3-image'), intent: 'edit', base: ref(1), boxes: [{ id: 'a', label: 'cat', x: 50, y: 40, width: 200, height: 150 }], formValues: { 'gen-3-image': { prompt: 'a cat' } } },
      { ...emptyDocument('gen-pro-1.0-expand'), intent: 'expand', base: ref(1), expansion: { top: 0, bottom: 10, left: 20, right: 80 }, formValues: { 'gen-pro-1.0-expand': { prompt: 'sea', seed: 5 } } },
      { ...emptyDocument('outpainting-v1'), intent: 'outpaint', base: ref(1), outpaint: { width: 600, height: 500, offsetX: 30, offsetY: 40 }, formValues: { 'outpainting-v1': { mode: 'fast' } } },
      { ...emptyDocument('vto-v2'), intent: 'try-on', base: ref(1), references: [ref(9)], formValues: {} },
      { ...emptyDocument('deblur-v1'), intent: 'clean-up', base: ref(1), formValues: {} },
      {
        ...emptyDocument('gen-3-video'),
        intent: 'video',
        formValues: { 'gen-3-video': { mode: 'i2v', prompt: 'waves', duration: 4, seed: 11 } },
        timeline: { keyframes: [{ id: 'k1', image: ref(4), frame: 0 }, { id: 'k2', image: ref(5), frame: 95 }], source: null },
      },
      { ...emptyDocument('gen-3-video'), intent: 'video', formValues: { 'gen-3-video': { mode: 'v2v', prompt: 'on', duration: 3 } }, timeline: { keyframes: [], source: { assetId: id(6), name: 'c.mp4', seconds: 4, resultId: null } } },
    ];
    for (const made of cases) {
      const { first, again, reuse } = roundTrip(made);
      expect(again, made.endpointId).toEqual(first);
      expect(reuse.document.intent, made.endpointId).toBe(made.intent);
      expect(reuse.missing).toEqual([]);
    }
  });

  it('brings the mask of an inpaint back to be loaded, and leaves the board it did not use', () => {
    const made: CanvasDocument = { ...emptyDocument('gen-pro-1.0-fill'), intent: 'inpaint', base: ref(1), formValues: { 'gen-pro-1.0-fill': { prompt: 'a door', seed: 1 } } };
    const { first, again, reuse } = roundTrip(made, { maskAssetId: id(8) });
    expect(again).toEqual(first);
    expect(reuse.maskAssetId).toBe(id(8));
    expect(reuse.document.references).toEqual(changed().references);
    expect(replacedEnglish(reuse)).toEqual(['the picture']);
  });

  it('opens an editor’s words-only result on Create, leaving the picture and board, and its edits on Edit', () => {
    const gen2 = getEndpoint('gen-2-pro');
    expect(reuseIntent(gen2, []).id).toBe('create');
    expect(reuseIntent(gen2, ['input_image']).id).toBe('edit');
    const reuse = reuseDocument(changed(), gen2, { prompt: 'a fox' }, []);
    expect(reuse.document).toMatchObject({ intent: 'create', base: changed().base, references: changed().references });
    expect(reuse.replaced).toEqual([]);
  });

  it('says what it replaced, leaving what the model does not use, and what is no longer stored', () => {
    const made: CanvasDocument = { ...emptyDocument('gen-2-pro'), intent: 'edit', base: ref(1), references: [ref(2)], formValues: { 'gen-2-pro': { prompt: 'x' } } };
    const first = canvasRequest(getEndpoint('gen-2-pro'), made);
    const reuse = reuseDocument(changed(), getEndpoint('gen-2-pro'), first.params, stored(first, ['input_image_2']));
    // The boxes stay: this model does not send them.
    expect(replacedEnglish(reuse)).toEqual(['the picture', 'the 3 references']);
    expect(reuse.missing).toEqual([words('studio.reuse.input.image', { n: 2 })]);
    expect(english(reuseMessage('Gen 2 Pro', reuse, false))).toBe(
      'Gen 2 Pro’s settings are back in the studio. They replaced the picture and the 3 references on the canvas: Ctrl+Z brings them back. Not brought back, as it is no longer stored: image 2.',
    );
    expect(english(reuseMessage('Gen 2 Pro', reuse, true))).toContain('⌘Z brings them back.');
  });

  it('says it in German: the things named and their list are German words, the model’s name as it is', () => {
    const made: CanvasDocument = { ...emptyDocument('gen-pro-1.0-fill'), intent: 'inpaint', base: ref(1), formValues: { 'gen-pro-1.0-fill': { prompt: 'a door', seed: 1 } } };
    const endpoint = getEndpoint('gen-pro-1.0-fill');
    const first = canvasRequest(endpoint, made, { maskAssetId: id(8) });
    const reuse = reuseDocument(changed(), endpoint, first.params, stored(first, ['mask']));
    const said = reuseMessage(endpoint.title, reuse, false);
    expect(say(german, said, english(said))).toBe(
      `Die Einstellungen von ${endpoint.title} sind zurück im Studio. Auf der Leinwand ersetzt: das Bild. Strg+Z holt es zurück. Nicht zurückgeholt, weil nicht mehr gespeichert: die Maske.`,
    );
  });

  it('lists several things gone as the language lists them', () => {
    const reuse = { replaced: [], pictureMissing: false, missing: [words('studio.reuse.input.mask'), words('studio.reuse.input.person'), words('studio.reuse.input.image', { n: 3 })] };
    const said = reuseMessage('Try-on', reuse, false);
    expect(english(said)).toBe('Try-on’s settings are back in the studio. Not brought back, as they are no longer stored: the mask, the person, and image 3.');
    expect(say(german, said, '')).toBe('Die Einstellungen von Try-on sind zurück im Studio. Nicht zurückgeholt, weil nicht mehr gespeichert: die Maske, die Person und Bild 3.');
  });
});

describe('reusing a result whose picture is gone', () => {
  it('leaves the canvas without a picture, never the one it showed, and says which input to give', () => {
    const made: CanvasDocument = { ...emptyDocument('gen-2-pro'), intent: 'edit', base: ref(1), references: [ref(2)], formValues: { 'gen-2-pro': { prompt: 'x' } } };
    const first = canvasRequest(getEndpoint('gen-2-pro'), made);
    const reuse = reuseDocument(changed(), getEndpoint('gen-2-pro'), first.params, stored(first, ['input_image']));
    expect(reuse.document.base).toBeNull();
    expect(reuse.pictureMissing).toBe(true);
    expect(reuse.missing).toEqual([]);
    expect(replacedEnglish(reuse)).toContain('the picture');
    expect(english(reuseMessage('Gen 2 Pro', reuse, false))).toBe(
      'Gen 2 Pro’s settings are back in the studio. The picture this was made from is no longer in the library — choose one: open a picture, drop one on the canvas, or paste one. They replaced the picture and the 3 references on the canvas: Ctrl+Z brings them back.',
    );
  });

  it('keeps the picture when the request did not send one', () => {
    const reuse = reuseDocument(changed(), getEndpoint('gen-2-pro'), { prompt: 'a fox' }, []);
    expect(reuse.pictureMissing).toBe(false);
    expect(reuse.document.base).toEqual(changed().base);
  });
});
