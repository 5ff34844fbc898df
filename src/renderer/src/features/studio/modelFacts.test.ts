import { describe, expect, it } from 'vitest';
import { findEndpoint } from '../../../../shared/catalog/catalog';
import { getIntent } from '../../../../shared/studio/intents';
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
