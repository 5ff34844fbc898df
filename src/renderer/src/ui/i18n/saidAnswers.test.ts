import { afterEach, describe, expect, it } from 'vitest';
import type { GenApi } from '../../../../shared/ipc/api';
import { english } from '../../../../shared/i18n/say';
import type { Words } from '../../../../shared/i18n/words';
import { speakingBridge } from './saidAnswers';
import { useTextStore } from './textStore';

const refusal: Words = { id: 'main.keychain.stored', values: { backend: 'GNOME Keyring' } };

describe('the bridge as the window hears it', () => {
  afterEach(async () => {
    await useTextStore.getState().choose('en');
  });

  it('says a refusal sent as words in the language shown, and leaves other answers and subscriptions as they came', async () => {
    const unsubscribe = (): void => undefined;
    const bridge = {
      keys: {
        test: () => Promise.resolve({ ok: false, error: { code: 'bad-input', message: english(refusal), words: refusal } }),
        list: () => Promise.resolve({ ok: false, error: { code: 'internal', message: 'Plain text' } }),
        get: () => Promise.resolve({ ok: true, value: 3 }),
        onChanged: () => unsubscribe,
      },
    } as unknown as GenApi;
    const gen = speakingBridge(bridge) as unknown as Record<string, Record<string, () => unknown>>;
    await useTextStore.getState().choose('de');
    const answer = (await gen.keys!.test!()) as { error: { message: string; words: Words } };
    expect(answer.error.message).toContain('GNOME Keyring');
    expect(answer.error.message).not.toBe(english(refusal));
    expect(answer.error.words).toEqual(refusal);
    expect(await gen.keys!.list!()).toEqual({ ok: false, error: { code: 'internal', message: 'Plain text' } });
    expect(await gen.keys!.get!()).toEqual({ ok: true, value: 3 });
    expect(gen.keys!.onChanged!()).toBe(unsubscribe);
  });

  it('says a field’s issue that repeats the refusal, and leaves the service’s own issues as sent', async () => {
    const said: Words = { id: 'account.connection.endpointWord' };
    const message = english(said);
    const issues = [
      { loc: ['body', 'endpointWord'], msg: message, type: 'value_error' },
      { loc: ['body', 'width'], msg: 'Input should be a multiple of 32', type: 'multiple_of' },
    ];
    const bridge = { connections: { add: () => Promise.resolve({ ok: false, error: { code: 'validation', message, issues, words: said } }) } } as unknown as GenApi;
    const gen = speakingBridge(bridge) as unknown as Record<string, Record<string, () => unknown>>;
    await useTextStore.getState().choose('de');
    const answer = (await gen.connections!.add!()) as { error: { message: string; issues: { msg: string }[] } };
    expect(answer.error.message).toMatch(/Endpunkt/);
    expect(answer.error.issues.map((i) => i.msg)).toEqual([answer.error.message, 'Input should be a multiple of 32']);
  });
});
