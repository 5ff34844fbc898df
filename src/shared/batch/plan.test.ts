import { describe, expect, it } from 'vitest';
import { expandMargins, fileStem, planBatch, SOCIAL_FORMATS, type BatchPicture } from './plan';

const asset = (n: number) => n.toString(16).padStart(64, '0');
const pic = (n: number, name: string, width = 1200, height = 800): BatchPicture => ({ assetId: asset(n), name, width, height });
const base = { outputDir: '/tmp/out', pictures: [pic(1, 'IMG_0042.JPG'), pic(2, 'beach.final.png', 600, 900)] };

describe('planning a batch', () => {
  it('names each result after its source and the tool', () => {
    const plan = planBatch({ ...base, tool: 'deblur', endpointId: 'deblur-v1' });
    expect(plan.ok && plan.items.map((i) => [i.outputStem, i.inputs])).toEqual([
      ['IMG_0042-deblur', { image: asset(1) }],
      ['beach.final-deblur', { image: asset(2) }],
    ]);
  });

  it('keeps two sources of the same name from writing over each other', () => {
    const plan = planBatch({ ...base, tool: 'deblur', endpointId: 'deblur-v1', pictures: [pic(1, 'a/IMG_1.jpg'), pic(2, 'b\\IMG_1.png'), pic(3, 'img_1.webp')] });
    expect(plan.ok && plan.items.map((i) => i.outputStem)).toEqual(['IMG_1-deblur', 'IMG_1-deblur-2', 'img_1-deblur-3']);
  });

  it('makes a file stem safe, whatever the source was called', () => {
    expect(fileStem('C:\\photos\\shot: 1?.jpeg')).toBe('shot_ 1_');
    expect(fileStem('.hidden')).toBe('.hidden');
    expect(fileStem('...')).toBe('picture');
  });

  it('keeps no character that changes how a name reads: bidi overrides and isolates go, control characters show', () => {
    // A right-to-left override makes "photo\u202Egpj.exe" read as "photoexe.jpg" on disk and in a file manager.
    expect(fileStem('end\nline2_\u202Egpj.exe.png')).toBe('end_line2_gpj.exe');
    expect(fileStem('a\u2066b\u2069c\u200Fd\u200Be\uFEFF\u0085f.jpg')).toBe('abcde_f');
  });

  it('grows each picture to each shape, named by the shape', () => {
    const formats = [
      { label: '9x16', ratioW: 9, ratioH: 16 },
      { label: '1x1', ratioW: 1, ratioH: 1 },
      { label: '16x9', ratioW: 16, ratioH: 9 },
    ];
    const plan = planBatch({ ...base, tool: 'expand', endpointId: 'gen-pro-1.0-expand', formats });
    if (!plan.ok) throw new Error(plan.problem);
    expect(plan.items).toHaveLength(6);
    expect(plan.items.map((i) => i.outputStem).slice(0, 3)).toEqual(['IMG_0042-expand-9x16', 'IMG_0042-expand-1x1', 'IMG_0042-expand-16x9']);
    // 1200×800 to 9:16 grows downwards and upwards to 1200×2133; to 16:9, sideways to 1422×800.
    expect(plan.items[0]!.params).toMatchObject({ top: 666, bottom: 667, left: 0, right: 0 });
    expect(plan.items[2]!.params).toMatchObject({ top: 0, bottom: 0, left: 111, right: 111 });
    // 600×900 to 1:1 grows sideways to 900×900.
    expect(plan.items[4]!.params).toMatchObject({ top: 0, bottom: 0, left: 150, right: 150 });
    expect(expandMargins(800, 800, { ratioW: 1, ratioH: 1 })).toEqual({ top: 0, bottom: 0, left: 0, right: 0 });
  });

  it('makes one picture per distinct size, named for what it is: 1:1 and Square post ticked together are one file', () => {
    const ratio = (label: string) => ({ label, ratioW: Number(label.split('x')[0]), ratioH: Number(label.split('x')[1]) });
    const social = (label: string) => SOCIAL_FORMATS.find((f) => f.label === label)!;
    const plan = planBatch({ ...base, tool: 'expand', endpointId: 'gen-pro-1.0-expand', formats: [ratio('1x1'), ratio('16x9'), social('square-post'), social('video-thumbnail'), social('story')] });
    if (!plan.ok) throw new Error(plan.problem);
    // Two pictures × three sizes, not two × five.
    expect(plan.items).toHaveLength(6);
    expect(plan.items.slice(0, 3).map((i) => [i.outputStem, i.format])).toEqual([
      ['IMG_0042-expand-1x1', '1x1, square-post'],
      ['IMG_0042-expand-16x9', '16x9, video-thumbnail'],
      ['IMG_0042-expand-story', 'story'],
    ]);
    expect(SOCIAL_FORMATS.map((f) => f.label)).toEqual(['square-post', 'portrait-post', 'story', 'video-thumbnail', 'pin']);
  });

  it('expands to the social formats by name, and refuses a shape too far for the model', () => {
    expect(expandMargins(1000, 1000, SOCIAL_FORMATS.find((f) => f.label === 'story')!)).toEqual({ top: 389, bottom: 389, left: 0, right: 0 });
    expect(expandMargins(5000, 100, { ratioW: 1, ratioH: 1 })).toBe('too-far');
    const far = planBatch({ ...base, pictures: [pic(1, 'strip.png', 5000, 100)], tool: 'expand', endpointId: 'gen-pro-1.0-expand', formats: [{ label: 'square-post', ratioW: 1, ratioH: 1 }] });
    expect(far).toMatchObject({ ok: false, problem: expect.stringContaining('strip.png is too far from square-post') });
  });

  it('scales one mask to each picture', () => {
    const plan = planBatch({ ...base, tool: 'erase', endpointId: 'erase-v1', mask: pic(9, 'mask.png', 300, 200) });
    expect(plan.ok && plan.items.map((i) => i.scaledMask)).toEqual([
      { field: 'mask', width: 1200, height: 800 },
      { field: 'mask', width: 600, height: 900 },
    ]);
    expect(planBatch({ ...base, tool: 'erase', endpointId: 'erase-v1' })).toMatchObject({ ok: false, problem: expect.stringContaining('Choose the mask') });
  });

  it('pairs one person with many garments, or one garment with many people', () => {
    const garments = planBatch({ ...base, tool: 'try-on', endpointId: 'vto-v2', partner: pic(7, 'model.jpg'), picturesAre: 'garments' });
    expect(garments.ok && garments.items.map((i) => [i.outputStem, i.inputs])).toEqual([
      ['IMG_0042-try-on', { person_image: asset(7), garment_image: asset(1) }],
      ['beach.final-try-on', { person_image: asset(7), garment_image: asset(2) }],
    ]);
    const people = planBatch({ ...base, tool: 'try-on', endpointId: 'vto-v2', partner: pic(7, 'dress.jpg'), picturesAre: 'people' });
    expect(people.ok && people.items[0]!.inputs).toEqual({ person_image: asset(1), garment_image: asset(7) });
    expect(planBatch({ ...base, tool: 'try-on', endpointId: 'vto-v2' })).toMatchObject({ ok: false, problem: expect.stringContaining('person') });
  });

  it('edits every picture with one prompt, and needs the prompt', () => {
    const plan = planBatch({ ...base, tool: 'edit', endpointId: 'gen-2-flex', prompt: '  make it autumn ' });
    expect(plan.ok && plan.items[1]).toMatchObject({ outputStem: 'beach.final-edit', params: { prompt: 'make it autumn' } });
    expect(plan.ok && Object.values(plan.items[1]!.inputs)).toEqual([asset(2)]);
    expect(planBatch({ ...base, tool: 'edit', endpointId: 'gen-2-flex' })).toMatchObject({ ok: false, problem: expect.stringContaining('prompt') });
  });

  it('refuses a model that does not do the tool, and an incomplete batch', () => {
    expect(planBatch({ ...base, tool: 'deblur', endpointId: 'erase-v1' })).toMatchObject({ ok: false, problem: expect.stringContaining('does not do') });
    expect(planBatch({ ...base, pictures: [], tool: 'deblur', endpointId: 'deblur-v1' }).ok).toBe(false);
  });
});
