import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCore, type CoreFixture } from '../testing/coreFixture';
import { BASE, FakeService } from '../testing/fakeService';
import { tempDir } from '../testing/tempDir';
import { MainLanguage } from '../i18n/mainLanguage';
import { capChangeDialog, type CapChangeQuestion } from './capChange';

// Issue 23, point 4: a renderer once lifted every cap with one call and spent past them. Raising or removing a cap
// now waits for main's own dialog, which names the old and new amounts; lowering or adding one does not.

let dir: Awaited<ReturnType<typeof tempDir>>;
let fx: CoreFixture;
let asked: CapChangeQuestion[];
let answer: boolean;
let keyId: string;

async function boot(withDialog: boolean): Promise<void> {
  fx = await startCore({
    dataDir: dir.path,
    fetch: new FakeService().fetch,
    deps: withDialog ? { confirmCapChange: async (q) => (asked.push(q), answer) } : {},
  });
  const key = await fx.ok('keys.add', {
    label: 'Studio',
    organization: '',
    project: '',
    secret: 'sk-cap-change-key-3K8P',
    connection: { create: { label: 'Service', baseUrl: BASE, regionalBaseUrl: null, endpointWord: 'gen' } },
  });
  keyId = key.id;
}

beforeEach(async () => {
  dir = await tempDir('cap-change');
  asked = [];
  answer = false;
});
afterEach(async () => {
  // The dialog-words test boots no core.
  await (fx as CoreFixture | undefined)?.core.dispose();
  fx = undefined as unknown as CoreFixture;
  await dir.remove();
});

describe('raising or removing a spending cap', () => {
  it('is asked in main’s dialog naming old and new amounts, and refused unless confirmed', async () => {
    await boot(true);
    await fx.ok('spending.setCaps', { keyId, caps: { day: 3, week: 10, month: null } });
    expect(asked).toEqual([]);

    const lifted = await fx.call('spending.setCaps', { keyId, caps: { day: null, week: null, month: null } });
    expect(lifted).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(asked).toEqual([{ keyLabel: 'Studio', changes: [{ period: 'day', from: 3, to: null }, { period: 'week', from: 10, to: null }] }]);
    expect((await fx.ok('spending.summary', { keyId })).caps).toEqual({ day: 3, week: 10, month: null });

    answer = true;
    const raised = await fx.ok('spending.setCaps', { keyId, caps: { day: 5, week: 10, month: null } });
    expect(asked[1]).toEqual({ keyLabel: 'Studio', changes: [{ period: 'day', from: 3, to: 5 }] });
    expect(raised.caps).toEqual({ day: 5, week: 10, month: null });
    // Lowering again asks nothing.
    await fx.ok('spending.setCaps', { keyId, caps: { day: 1, week: 10, month: 50 } });
    expect(asked).toHaveLength(2);
  });

  it('is refused outright where main has no dialog to ask in', async () => {
    await boot(false);
    await fx.ok('spending.setCaps', { keyId, caps: { day: 3, week: null, month: null } });
    const lifted = await fx.call('spending.setCaps', { keyId, caps: { day: null, week: null, month: null } });
    expect(!lifted.ok && lifted.error.message).toMatch(/needs your confirmation/);
    expect((await fx.ok('spending.summary', { keyId })).caps.day).toBe(3);
  });

  it('says the amounts in the dialog’s words', () => {
    const text = capChangeDialog({ keyLabel: 'Studio', changes: [{ period: 'day', from: 3, to: null }, { period: 'month', from: 100, to: 250 }] });
    expect(text.detail).toContain('Daily cap: 3 credits → no cap');
    expect(text.detail).toContain('Monthly cap: 100 credits → 250 credits');
    expect(text.cancelLabel).toBe('Keep the caps');
  });

  it('is asked in the language chosen in Settings, its credits in that language’s numbers', async () => {
    const language = await MainLanguage.open({ choice: () => 'de', onChoice: () => () => {}, systemLocales: () => ['en'] });
    const text = capChangeDialog({ keyLabel: 'Studio', changes: [{ period: 'day', from: 1500, to: null }, { period: 'month', from: 100, to: 250.5 }] }, language.text);
    expect(text.title).toBe('Ausgabenlimit erhöhen?');
    expect(text.message).toBe('Die Ausgabenlimits des Schlüssels „Studio“ ändern?');
    expect(text.detail).toContain('Tageslimit: 1.500 Credits → kein Limit');
    expect(text.detail).toContain('Monatslimit: 100 Credits → 250,5 Credits');
    expect(text.cancelLabel).toBe('Limits behalten');
    expect(text.confirmLabel).toBe('Limit erhöhen');
  });
});
