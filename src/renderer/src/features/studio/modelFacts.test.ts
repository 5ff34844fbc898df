import { describe, expect, it } from 'vitest';
import { findEndpoint } from '../../../../shared/catalog/catalog';
import { getIntent, INTENTS, intentModels } from '../../../../shared/studio/intents';
import { limitsSentence, modelLimits } from './modelFacts';

const model = (id: string) => findEndpoint(id)!;
const intent = (id: string) => getIntent(id)!;

describe('a model’s limits in the studio', () => {
  it('count the picture among an editor’s images in Edit, and leave references out of Create', () => {
    const flex = model('gen-2-flex');
    expect(modelLimits(flex, intent('edit'))[0]).toBe(`the picture and up to ${flex.maxReferences - 1} references`);
    expect(modelLimits(flex, intent('create')).join(' ')).not.toMatch(/reference/);
  });

  it('read as one sentence starting with a capital', () => {
    expect(limitsSentence(modelLimits(model('vto-v2'), intent('try-on')))).toMatch(/^Inputs up to \d+ MP\.$/);
    expect(limitsSentence([])).toBe('');
  });
});

describe('what the studio says of a model, once', () => {
  it('a limit the catalog holds is not said again in the model’s summary beside it', () => {
    const repeated: string[] = [];
    for (const i of INTENTS) {
      for (const e of intentModels(i)) {
        for (const limit of modelLimits(e, i)) if (e.summary.toLowerCase().includes(limit.toLowerCase())) repeated.push(`${e.title}: ${limit}`);
      }
    }
    expect(repeated).toEqual([]);
  });
});
