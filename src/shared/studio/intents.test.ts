import { describe, expect, it } from 'vitest';
import { taskEndpoints } from '../catalog/catalog';
import { checkIntents, defaultIntentOf, INTENTS, intentFor, intentModels } from './intents';

describe('the intent table', () => {
  it('agrees with the catalog: every task endpoint under an intent, every model present and able to do it', () => {
    expect(checkIntents()).toEqual([]);
  });

  it('finds a model missing from every intent, and a model under an intent it cannot do', () => {
    const stray = { ...taskEndpoints()[0]!, id: 'gen-new-model' };
    expect(checkIntents([...taskEndpoints(), stray])).toContain('gen-new-model is under no intent');
  });

  it('lists the nine intents in the order artists reach for them, each with a default model first', () => {
    expect(INTENTS.map((i) => i.label)).toEqual(['Create', 'Edit with references', 'Inpaint', 'Expand', 'Outpaint', 'Try on', 'Clean up', 'Video', 'Upscale video']);
    for (const intent of INTENTS) expect(intentModels(intent).length).toBeGreaterThan(0);
    expect(intentModels(INTENTS.find((i) => i.id === 'clean-up')!).map((e) => e.title)).toEqual(['Deblur', 'Erase']);
  });

  it('keeps a named intent only where it lists the model', () => {
    expect(intentFor('edit', 'gen-3-image').id).toBe('edit');
    expect(intentFor('inpaint', 'gen-3-image').id).toBe('create');
    expect(defaultIntentOf('gen-pro-1.0-fill').id).toBe('inpaint');
  });
});
