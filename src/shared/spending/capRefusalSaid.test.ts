import { describe, expect, it } from 'vitest';
import { loadMessages } from '../i18n/catalog';
import { english, say } from '../i18n/say';
import { createText } from '../i18n/text';
import type { CapRefusal } from './capRefusal';
import { capRefusalSaid, sayCapRefusal } from './capRefusalSaid';
import { capRefusalWords } from './capRefusalWords';

const german = createText('de', await loadMessages('de'));
const spent = { day: 4, week: 1250.5, month: 1250.5 };

const refusals: readonly CapRefusal[] = [
  { kind: 'crossed', keyLabel: 'Studio', spent, period: 'day', limit: 10, held: { count: 0, amount: 0 }, onTheWay: 0, asked: { what: 'variations', count: 4, cost: 10, each: { cost: 2.5, basis: 'list', runs: 0 } } },
  { kind: 'crossed', keyLabel: 'Studio', spent, period: 'week', limit: 1500, held: { count: 2, amount: 3 }, onTheWay: 1.255, asked: { what: 'request', cost: 3.5, count: 1, each: { cost: 3.5, basis: 'runs', runs: 3 } } },
  { kind: 'crossed', keyLabel: 'Studio', spent, period: 'month', limit: 10, held: { count: 1, amount: 3 }, onTheWay: 0, asked: { what: 'batch', count: 5, cost: 12, each: null } },
  { kind: 'reached', keyLabel: 'Studio', spent, period: 'day', limit: 10, held: { count: 1, amount: 2 } },
  { kind: 'unpriced-on-the-way', keyLabel: 'Studio', spent, count: 1, limits: [{ period: 'day', limit: 10 }] },
  { kind: 'unpriced-held', keyLabel: 'Studio', spent, count: 3, limits: [{ period: 'day', limit: 10 }, { period: 'month', limit: 200 }] },
  { kind: 'group-unpriced', keyLabel: 'Studio', what: 'variations', count: 4, models: ['Flux'] },
  { kind: 'group-unpriced', keyLabel: 'Studio', what: 'matrix', count: 8, models: ['Flux', 'SDXL', 'Gen 3'] },
  { kind: 'group-unpriced', keyLabel: 'Studio', what: 'batch', count: 2, models: ['Flux'] },
] as CapRefusal[];

describe('the caps’ refusal as words', () => {
  it('says in English exactly the text kept beside it', () => {
    for (const r of refusals) expect(english(capRefusalSaid(r))).toBe(capRefusalWords(r));
  });

  it('is said in German, with German numbers, where German is shown', () => {
    const [variations, request] = refusals;
    expect(sayCapRefusal(german, variations!)).toBe(
      'Nicht gesendet: Mit 4 Varianten für etwa 10 Credits (2,5 pro Stück, nach der öffentlichen Preisliste) würde Ihr Tageslimit von 10 Credits für „Studio“ überschritten. Ausgegeben: 4 heute, 1.250,5 diese Woche, 1.250,5 diesen Monat. Erhöhen Sie das Limit in den Einstellungen oder wählen Sie weniger Varianten.',
    );
    expect(say(german, capRefusalSaid(request!), '')).toContain('2 Aufgaben mit unbekanntem Ausgang');
  });
});
