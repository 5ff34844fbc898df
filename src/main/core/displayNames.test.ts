import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyDocument } from '../../shared/canvas/document';
import { startCore, type CoreFixture } from './testing/coreFixture';
import { tempDir } from './testing/tempDir';

let dir: Awaited<ReturnType<typeof tempDir>>;
let fx: CoreFixture | undefined;
beforeEach(async () => (dir = await tempDir('display-names')));
afterEach(async () => {
  await fx?.core.dispose();
  fx = undefined;
  await dir.remove();
});

/** A right-to-left override makes “gpj.exe” read as “exe.jpg”; a newline breaks a message in two; NUL ends C strings. */
const HOSTILE = 'Poster\u202Egpj.exe\nsecond line\u0000\u2066x';
const SHOWN = 'Poster gpj.exe second line x';

describe('names handed in by the renderer', () => {
  it('lose control characters, NUL and direction overrides wherever they are accepted', async () => {
    fx = await startCore({ dataDir: dir.path, fetch: () => Promise.reject(new Error('no network in this test')) });
    const key = await fx.ok('keys.add', {
      label: HOSTILE,
      organization: 'Acme\r\nInc',
      project: '\u202Dposters',
      secret: 'sk-display-names-test-4Q7W',
      connection: { create: { label: HOSTILE, baseUrl: 'https://api.example.test', regionalBaseUrl: null, endpointWord: 'gen' } },
    });
    expect(key).toMatchObject({ label: SHOWN, organization: 'Acme Inc', project: 'posters' });
    expect((await fx.ok('connections.list')).find((c) => c.id === key.connectionId)?.label).toBe(SHOWN);
    expect((await fx.ok('keys.update', { id: key.id, label: `${HOSTILE}!` })).label).toBe(`${SHOWN}!`);

    const project = await fx.ok('projects.create', { name: HOSTILE, document: emptyDocument('gen-pro-1.0-fill') });
    expect(project.name).toBe(SHOWN);
    expect((await fx.ok('projects.rename', { id: project.id, name: `${HOSTILE}2` })).name).toBe(`${SHOWN}2`);

    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer();
    expect((await fx.ok('assets.import', { name: `${HOSTILE}.png`, bytes: new Uint8Array(png) })).name).toBe(`${SHOWN}.png`);

    // Nothing visible left: refused in words, not stored blank.
    for (const blank of ['\u202E\u0000', '\n\t ']) {
      expect(await fx.call('projects.create', { name: blank, document: emptyDocument('gen-pro-1.0-fill') })).toMatchObject({ ok: false, error: { code: 'invalid-request', message: expect.stringMatching(/A project needs a name/) } });
      expect(await fx.call('keys.update', { id: key.id, label: blank })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/A label needs at least one visible character/) } });
    }
  });
});
