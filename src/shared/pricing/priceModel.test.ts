import { describe, expect, it } from 'vitest';
import { getEndpoint } from '../catalog/catalog';
import { taskEndpoints } from '../catalog/catalog';
import { basisWords, estimatePrice, RUNS_CONSIDERED, type PricedRun } from './priceModel';
import { PUBLIC_PRICE_LIST } from './priceList';
import type { Usage } from './usage';

const oneMp: Usage = { inputMp: 0, outputMp: 1, seconds: 0 };
const run = (cost: number, usage: Usage, at = 1): PricedRun => ({ cost, usage, at });

describe('the price of a request before it is sent', () => {
  it('comes from the public list for a model this key never ran, at this size and with these inputs', () => {
    const pro = getEndpoint('gen-2-pro');
    expect(estimatePrice(pro, oneMp, [])).toEqual({ cost: 3, basis: 'list', runs: 0 });
    // Editing costs more than creating: one megapixel in adds what the list's edit price says.
    expect(estimatePrice(pro, { inputMp: 1, outputMp: 1, seconds: 0 }, []).cost).toBe(4.5);
    // Three references cost more than one; a larger output more than a smaller one.
    expect(estimatePrice(pro, { inputMp: 3, outputMp: 1, seconds: 0 }, []).cost).toBeGreaterThan(4.5);
    expect(estimatePrice(pro, { inputMp: 0, outputMp: 4, seconds: 0 }, []).cost).toBeGreaterThan(3);
    // A first-generation model is priced per image, whatever its size.
    expect(estimatePrice(getEndpoint('gen-pro-1.1'), { inputMp: 0, outputMp: 2, seconds: 0 }, []).cost).toBe(4);
    expect(estimatePrice(getEndpoint('gen-pro-1.0-fill'), { inputMp: 2, outputMp: 1, seconds: 0 }, []).cost).toBe(5);
  });

  it('is another model’s price never: each model has its own', () => {
    const costs = ['gen-dev', 'gen-pro-1.1', 'gen-ctx-max', 'gen-2-klein-4b', 'gen-2-flex'].map((id) => estimatePrice(getEndpoint(id), oneMp, []).cost);
    expect(costs).toEqual([2.5, 4, 8, 1.4, 5]);
  });

  it('is unknown until sent for a model the list does not name and this key never ran', () => {
    for (const id of ['gen-3-video', 'deblur-v1', 'vto-v2', 'gen-3-image']) {
      const e = estimatePrice(getEndpoint(id), oneMp, []);
      expect(e, id).toEqual({ cost: null, basis: 'unknown', runs: 0 });
      expect(basisWords(e)).toBe('unknown until sent');
    }
  });

  it('follows what this key was charged over the list, scaled to this request', () => {
    const pro = getEndpoint('gen-2-pro');
    // The service now charges 5% more than the list says.
    const e = estimatePrice(pro, { inputMp: 1, outputMp: 1, seconds: 0 }, [run(3.15, oneMp)]);
    expect(e).toEqual({ cost: 4.73, basis: 'runs', runs: 1 });
    expect(basisWords(e)).toBe('from your last run of this model');
  });

  it('tells a flat part from a per-megapixel part once runs differ in size', () => {
    // A tool the list does not name, charged 2.5 for its first megapixel and 1.5 per further one.
    const deblur = getEndpoint('deblur-v1');
    const charged = (mp: number) => run(2.5 + 1.5 * Math.max(0, mp - 1), { inputMp: mp, outputMp: mp, seconds: 0 });
    const runs = [charged(0.5), charged(1), charged(4)];
    expect(estimatePrice(deblur, { inputMp: 2, outputMp: 2, seconds: 0 }, runs).cost).toBe(4);
    expect(estimatePrice(deblur, { inputMp: 8, outputMp: 8, seconds: 0 }, runs).cost).toBe(13);
    // One run of a small picture: a first megapixel's price, so a picture of under a megapixel costs the same.
    expect(estimatePrice(deblur, { inputMp: 0.9, outputMp: 0.9, seconds: 0 }, [charged(0.1)]).cost).toBe(2.5);
  });

  it('prices an edit of a model the list does not name above its text-to-image runs, by the images sent in', () => {
    const gen3 = getEndpoint('gen-3-image');
    const created = [run(5.15, { inputMp: 0, outputMp: 1.05, seconds: 0 })];
    const edit = estimatePrice(gen3, { inputMp: 1.2, outputMp: 1.05, seconds: 0 }, created).cost!;
    expect(edit).toBeGreaterThan(5.15);
  });

  it('prices a finetuned model, unknown until sent, the way its base model is priced once it has a run', () => {
    const finetuned = getEndpoint('gen-2-klein-9b-kv-finetuned');
    expect(estimatePrice(finetuned, oneMp, []).basis).toBe('unknown');
    const created = [run(1.53, { inputMp: 0, outputMp: 1.05, seconds: 0 })];
    // An edit with 1.2 MP in costs what the base model's list structure says, scaled to the run: about 2.4.
    expect(estimatePrice(finetuned, { inputMp: 1.2, outputMp: 1.05, seconds: 0 }, created).cost).toBeCloseTo(2.43, 1);
  });

  it('prices a video by its length and frame size', () => {
    const video = getEndpoint('gen-3-video');
    const hd5 = { inputMp: 0, outputMp: 0.92, seconds: 5 };
    const runs = [run(13.8, hd5)];
    expect(estimatePrice(video, hd5, runs).cost).toBe(13.8);
    expect(estimatePrice(video, { ...hd5, seconds: 10 }, runs).cost).toBe(27.6);
    expect(estimatePrice(video, { inputMp: 0, outputMp: 2.07, seconds: 5 }, runs).cost).toBe(31.05);
  });

  it('rests on the newest runs only, and says how many', () => {
    const dev = getEndpoint('gen-dev');
    const old = Array.from({ length: 20 }, (_, i) => run(2, oneMp, i));
    const recent = Array.from({ length: RUNS_CONSIDERED }, (_, i) => run(3, oneMp, 100 + i));
    const e = estimatePrice(dev, oneMp, [...old, ...recent]);
    expect(e).toEqual({ cost: 3, basis: 'runs', runs: 12 });
    expect(basisWords(e)).toBe('from your last 12 runs of this model');
    expect(basisWords(estimatePrice(dev, oneMp, []))).toBe('from the public price list');
  });

  it('names only catalog models in its list', () => {
    const ids = new Set(taskEndpoints().map((e) => e.id));
    for (const id of Object.keys(PUBLIC_PRICE_LIST)) expect(ids.has(id), id).toBe(true);
  });
});
