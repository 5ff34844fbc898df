import { describe, expect, it } from 'vitest';
import { findEndpoint, taskEndpoints } from '../../../../shared/catalog/catalog';
import { ENGLISH_TEXT } from '../../../../shared/i18n/text';
import { getIntent, INTENTS, intentModels } from '../../../../shared/studio/intents';
import { modelLimits } from './modelFacts';
import { MODEL_SUMMARIES } from './modelWords';

const model = (id: string) => findEndpoint(id)!;
const intent = (id: string) => getIntent(id)!;
const text = ENGLISH_TEXT;

describe('a model’s limits in the studio', () => {
  it('count the picture among an editor’s images in Edit, and leave references out of Create', () => {
    const flex = model('gen-2-flex');
    expect(modelLimits(flex, intent('edit'), text)[0]).toBe(`The picture and up to ${flex.maxReferences - 1} references`);
    expect(modelLimits(flex, intent('create'), text).join(' ')).not.toMatch(/reference/);
  });

  it('each start with a capital, as facts of their own', () => {
    expect(modelLimits(model('vto-v2'), intent('try-on'), text)).toEqual(['Inputs up to 4 MP']);
    expect(modelLimits(model('gen-dev'), intent('create'), text)).toEqual(['256 to 1440 px a side, steps of 32']);
  });
});

describe('what the studio says of a model, once', () => {
  it('every model the studio offers has its line in the artist’s words', () => {
    expect(taskEndpoints().filter((e) => MODEL_SUMMARIES[e.id] === undefined).map((e) => e.id)).toEqual([]);
  });

  it('a limit the catalog holds is not said again in the model’s summary beside it', () => {
    const repeated: string[] = [];
    for (const i of INTENTS) {
      for (const e of intentModels(i)) {
        const summary = text.t(MODEL_SUMMARIES[e.id]!).toLowerCase();
        for (const limit of modelLimits(e, i, text)) if (summary.includes(limit.toLowerCase())) repeated.push(`${e.title}: ${limit}`);
      }
    }
    expect(repeated).toEqual([]);
  });
});
