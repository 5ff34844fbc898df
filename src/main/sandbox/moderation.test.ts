import { describe, expect, it } from 'vitest';
import { findEndpoint } from '../../shared/catalog/catalog';
import { moderate } from './moderation';

describe('Sandbox moderation', () => {
  it('reads the text an input picture carries, so one picture of a batch can be flagged on purpose', () => {
    const deblur = findEndpoint('deblur-v1')!;
    expect(moderate(deblur, {}, [{ text: 'a holiday snap' }])).toBeUndefined();
    expect(moderate(deblur, {}, [{ text: 'Description: risque beach' }])).toEqual({ status: 'Content Moderated', reasons: ['Sexual Content'] });
    // A picture's text is content, never a request word: a request word in it does not refuse the request.
    expect(moderate(deblur, {}, [{ text: 'gore' }])).toBeUndefined();
    // Raising the tolerance lets it through, as it does a prompt's content word.
    expect(moderate(findEndpoint('gen-pro-1.0-expand')!, { safety_tolerance: 6 }, [{ text: 'bloody' }])).toBeUndefined();
  });
});
