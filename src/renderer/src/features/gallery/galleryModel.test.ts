import { describe, expect, it } from 'vitest';
import { beforeInputOf, columnsFor, inputKey, inputLabel, inputsOf, modelsIn, NO_FILTER, paramRows, projectsIn, queryOf, rangeStart, rerunRequest, stackWords, variationRequest } from './galleryModel';
import { BATCH_ID_PREFIX } from '../../../../shared/batch/plan';
import { libraryItem } from './testing/libraryItem';

const item = libraryItem;

describe('the gallery’s filters', () => {
  const now = new Date(2026, 10, 24, 15).getTime();
  it('become the query main runs: what filters nothing is left out', () => {
    expect(queryOf(NO_FILTER, now)).toEqual({});
    expect(queryOf({ ...NO_FILTER, text: '  ' }, now)).toEqual({});
    expect(queryOf({ text: 'red fox', intent: 'inpaint', model: 'gen-dev', date: 'today', status: 'starred', project: 'none', group: 'g1' }, now)).toEqual({
      text: 'red fox',
      intent: 'inpaint',
      model: 'gen-dev',
      createdFrom: new Date(2026, 10, 24).getTime(),
      status: 'starred',
      project: 'none',
      group: 'g1',
    });
  });
  it('name projects, a removed one too, and models by their titles', () => {
    expect(projectsIn(['project-bbbb', 'project-aaaa'], new Map([['project-aaaa', 'Poster']]))).toEqual([
      { id: 'project-bbbb', name: 'A removed project' },
      { id: 'project-aaaa', name: 'Poster' },
    ]);
    expect(modelsIn(['gen-dev']).map((m) => m.id)).toEqual(['gen-dev']);
  });
  it('weeks start on Monday', () => {
    expect(new Date(rangeStart('week', now)).getDay()).toBe(1);
  });
});

describe('requests made again from a result', () => {
  it('a rerun sends the same fields, inputs and the seed the result was made with', () => {
    const r = item({ params: { prompt: 'p', width: 512 }, seed: 1234, inputs: [{ field: 'image_prompt', assetId: 'f'.repeat(64) }] });
    expect(rerunRequest(r)).toEqual({ endpointId: 'gen-dev', params: { prompt: 'p', width: 512, seed: 1234 }, inputs: { image_prompt: { assetId: 'f'.repeat(64) } } });
  });
  it('variations are asked without the result’s seed, so each gets a new one', () => {
    const r = variationRequest(item({ params: { prompt: 'p', seed: 1, width: 512 }, inputs: [{ field: 'image_prompt', assetId: 'f'.repeat(64) }] }));
    expect(r).toEqual({ endpointId: 'gen-dev', params: { prompt: 'p', width: 512 }, inputs: { image_prompt: { assetId: 'f'.repeat(64) } } });
  });
  it('keyframes gather under their field with their times', () => {
    expect(inputsOf({ inputs: [{ field: 'keyframes', assetId: 'a', time: 0 }, { field: 'keyframes', assetId: 'b', time: 2 }] })).toEqual({
      keyframes: [{ assetId: 'a', time: 0 }, { assetId: 'b', time: 2 }],
    });
  });
  it('an edit compares against its input picture; a text-to-image or a video has none to compare with', () => {
    const picture = { field: 'image', assetId: 'p'.repeat(64) };
    expect(beforeInputOf({ endpointId: 'gen-pro-1.0-fill', inputs: [{ field: 'mask', assetId: 'm'.repeat(64) }, picture] })).toEqual(picture);
    expect(beforeInputOf({ endpointId: 'gen-ctx-max', inputs: [{ field: 'input_image', assetId: 'i'.repeat(64) }] })).toEqual({ field: 'input_image', assetId: 'i'.repeat(64) });
    expect(beforeInputOf({ endpointId: 'gen-dev', inputs: [] })).toBeNull();
    expect(beforeInputOf({ endpointId: 'gen-3-video', inputs: [picture] })).toBeNull();
  });
  it('the grid fits as many cards as there is room for, at least one', () => {
    expect(columnsFor(1000, 200, 12)).toBe(4);
    expect(columnsFor(100, 200, 12)).toBe(1);
  });
});

describe('a stack in words', () => {
  it('names one Generate’s variations, and one batch’s results as a batch', () => {
    expect(stackWords('g-1', 4)).toEqual({ badge: '4 variations', show: 'Show the 4 variations', shown: 'The 4 variations of one Generate.' });
    expect(stackWords(`${BATCH_ID_PREFIX}0d6e`, 3)).toEqual({ badge: '3 in one batch', show: 'Show the 3 results of this batch', shown: 'The 3 results of one batch.' });
  });
});

describe('an input’s key', () => {
  it('is its field, and for the keyframes one field holds, its time', () => {
    expect(inputKey({ field: 'image' })).toBe('image:');
    expect(inputKey({ field: 'keyframes', time: 0 })).toBe('keyframes:0');
    expect(inputKey({ field: 'keyframes', time: 2.5 })).not.toBe(inputKey({ field: 'keyframes', time: 0 }));
  });
});

describe('a result’s parameters in the artist’s words', () => {
  it('names each as the form does and each choice by its words, not the service’s codes', () => {
    const rows = paramRows(libraryItem({ endpointId: 'outpainting-v1', params: { mode: 'fast', prompt: 'a harbour', width: 1024 } }));
    expect(rows).toEqual([
      { key: 'mode', label: 'Quality', value: 'Fast', typed: false },
      { key: 'prompt', label: 'Prompt', value: 'a harbour', typed: true },
      { key: 'width', label: 'Width', value: '1024', typed: true },
    ]);
  });

  it('says a video’s mode and its switches in words', () => {
    const rows = paramRows(libraryItem({ endpointId: 'gen-3-video', params: { mode: 't2v', safety_tolerance: 2, prompt_upsampling: true } }));
    expect(rows.map((r) => `${r.label}: ${r.value}`)).toEqual(['Mode: From text', 'Moderation tolerance: 2', 'Let the service enrich the prompt: Yes']);
  });

  it('still names a parameter its model no longer lists', () => {
    expect(paramRows(libraryItem({ endpointId: 'gone-model', params: { output_format: 'png', odd_knob: 3 } }))).toEqual([
      { key: 'output_format', label: 'File type', value: 'PNG (lossless)', typed: false },
      { key: 'odd_knob', label: 'Odd knob', value: '3', typed: true },
    ]);
  });
});

describe('a result’s inputs in the artist’s words', () => {
  it('names the field as the form does and a keyframe’s time as the timeline does', () => {
    expect(inputLabel({ field: 'input_image' })).toBe('Input image');
    expect(inputLabel({ field: 'keyframes', time: 119 / 24 })).toBe('Keyframe at 4.96 s');
  });
});
