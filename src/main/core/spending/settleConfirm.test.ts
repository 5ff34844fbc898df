import { describe, expect, it } from 'vitest';
import { MainLanguage } from '../i18n/mainLanguage';
import { settleDialog, type SettleQuestion } from './settleConfirm';

// A fixed moment, read in UTC so the date in the words does not depend on the computer running the test.
const question: SettleQuestion = { keyLabel: 'Studio', what: 'Pro 1.1', at: Date.UTC(2026, 10, 28, 14, 32), heldAt: 1234.5, settledAt: 0 };

describe('the question before a held task is counted lower', () => {
  it('is asked in the language chosen in Settings, its date and credits in that language’s formats', async () => {
    const language = await MainLanguage.open({ choice: () => 'de', onChoice: () => () => {}, systemLocales: () => ['en'] });
    const free = settleDialog(question, language.text);
    expect(free.title).toBe('Aufgabe als nicht berechnet zählen?');
    expect(free.message).toBe(`Wurde die Aufgabe mit Pro 1.1, gesendet am ${language.text.dateTime(question.at)} mit dem Schlüssel „Studio“, wirklich nicht berechnet?`);
    expect(language.text.dateTime(question.at)).toMatch(/2026/);
    expect(free.detail).toContain('mit 1.234,5 Credits gegen die Limits');
    expect(free.confirmLabel).toBe('Nicht berechnet');
    const lower = settleDialog({ ...question, heldAt: null, settledAt: 0.5 }, language.text);
    expect(lower.message).toContain('wirklich nur 0,5 Credits gekostet?');
    expect(lower.detail).toContain('bis du sagst, was sie gekostet hat');
    expect(lower.cancelLabel).toBe('Weiter so zählen');
  });

  it('speaks English when no language is given', () => {
    const dialog = settleDialog({ ...question, settledAt: 2 });
    expect(dialog.title).toBe('Count a task at a lower cost?');
    expect(dialog.message).toMatch(/^Did the Pro 1\.1 task sent .+ with the key “Studio” really cost only 2 credits\?$/);
    expect(dialog.detail).toContain('It counts as 1,234.5 credits against the caps until then.');
    expect(dialog.confirmLabel).toBe('Count it lower');
  });
});
