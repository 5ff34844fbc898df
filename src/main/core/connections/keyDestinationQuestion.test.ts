import { describe, expect, it } from 'vitest';
import type { LanguageChoice } from '../../../shared/i18n/locales';
import { MainLanguage } from '../i18n/mainLanguage';
import { keyDestinationDialog, type KeyDestinationQuestion } from './keyDestinationQuestion';

const question: KeyDestinationQuestion = {
  reason: 'address-changed',
  keyLabel: 'Studio key',
  connectionLabel: 'My service',
  hosts: ['api.elsewhere.example.org'],
  knownHosts: ['api.example.com'],
};

describe('the question before a key goes to a new address', () => {
  it('is asked in the language chosen in Settings when it is shown, with names as they are', async () => {
    let choice: LanguageChoice | undefined = 'en';
    let changed = () => {};
    const language = await MainLanguage.open({ choice: () => choice, onChoice: (l) => ((changed = l), () => {}), systemLocales: () => ['en'] });
    expect(keyDestinationDialog(question, language.text).title).toBe('Send your key to a new address?');
    const heard = new Promise<void>((resolve) => language.subscribe(() => resolve()));
    choice = 'de';
    changed();
    await heard;
    const dialog = keyDestinationDialog(question, language.text);
    expect(dialog.title).toBe('Schlüssel an eine neue Adresse senden?');
    expect(dialog.cancelLabel).toBe('Nicht senden');
    expect(dialog.confirmLabel).toBe('Schlüssel an api.elsewhere.example.org senden');
    expect(dialog.message).toBe('Die Verbindung „My service“ zeigt jetzt auf api.elsewhere.example.org. Den Schlüssel „Studio key“ dorthin senden?');
    expect(dialog.detail).toContain('api.example.com');
  });

  it('speaks English when no language is given (the log and the e2e harness)', () => {
    const dialog = keyDestinationDialog({ ...question, reason: 'not-yet-recorded', knownHosts: [] });
    expect(dialog.confirmLabel).toBe('Send key to api.elsewhere.example.org');
    expect(dialog.cancelLabel).toBe('Don’t send');
    expect(dialog.message).toBe('Send the key “Studio key” to api.elsewhere.example.org (the connection “My service”)?');
  });
});
