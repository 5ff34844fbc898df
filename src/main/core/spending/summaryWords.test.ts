import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCore, type CoreFixture } from '../testing/coreFixture';
import { tempDir } from '../testing/tempDir';

let dir: Awaited<ReturnType<typeof tempDir>>;
let fx: CoreFixture | undefined;
beforeEach(async () => (dir = await tempDir('summary-words')));
afterEach(async () => {
  await fx?.core.dispose();
  fx = undefined;
  await dir.remove();
});

describe('spending.summary for a key id nothing knows', () => {
  it('answers that there is no such key, in words, for ids every object inherits too', async () => {
    fx = await startCore({ dataDir: dir.path, fetch: () => Promise.reject(new Error('no network in this test')) });
    for (const keyId of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'no-such-key']) {
      expect(await fx.call('spending.summary', { keyId })).toMatchObject({
        ok: false,
        error: { code: 'not-found', message: 'There is no key with that id; it may have been removed.' },
      });
    }
    // Caps for such an id are refused as before, and nothing was written under it.
    expect(await fx.call('spending.setCaps', { keyId: '__proto__', caps: { day: 1, week: null, month: null } })).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });
});
