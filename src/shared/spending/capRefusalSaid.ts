import type { SpendingPeriod } from '../ipc/contract/spending';
import type { PriceEstimate } from '../pricing/priceModel';
import { say } from '../i18n/say';
import type { AppText } from '../i18n/text';
import { words, type Words } from '../i18n/words';
import type { CapRefusal } from './capRefusal';
import { capRefusalWords } from './capRefusalWords';

type Asked = Extract<CapRefusal, { kind: 'crossed' }>['asked'];

/**
 * The caps' refusal as words (`main.cap.*`), said in the language on screen; its English is capRefusalWords's text,
 * kept beside it for main's log and for readers of `message` (capRefusalSaid.test.ts holds the two together).
 */
export function capRefusalSaid(r: CapRefusal): Words {
  switch (r.kind) {
    case 'crossed':
      return words('main.cap.crossed', {
        subject: subject(r.asked), period: r.period, limit: round(r.limit), key: r.keyLabel, spent: spent(r.spent),
        held: held(r.held), onTheWay: round(r.onTheWay), estimate: estimate(r.asked), advice: r.asked.what,
      });
    case 'reached':
      return words('main.cap.reached', { period: r.period, limit: round(r.limit), key: r.keyLabel, spent: spent(r.spent), held: held(r.held) });
    case 'unpriced-on-the-way':
      return words('main.cap.unpricedOnTheWay', { count: r.count, key: r.keyLabel, caps: caps(r.limits), spent: spent(r.spent) });
    case 'unpriced-held':
      return words('main.cap.unpricedHeld', { count: r.count, key: r.keyLabel, caps: caps(r.limits), spent: spent(r.spent) });
    case 'group-unpriced': {
      const values = { names: names(r.models), models: r.models.length, key: r.keyLabel, count: r.count };
      return r.what === 'variations' ? words('main.cap.groupUnpricedVariations', values) : words('main.cap.groupUnpriced', { ...values, what: r.what });
    }
  }
}

/** The caps' refusal in the language of `text` (the panels that show one say it so). */
export const sayCapRefusal = (text: AppText, r: CapRefusal): string => say(text, capRefusalSaid(r), capRefusalWords(r));

const round = (n: number) => Math.round(n * 100) / 100;

const basis = (e: PriceEstimate): Words => words('main.cap.basis', { basis: e.basis, runs: e.runs ?? 0 });

function subject(a: Asked): Words {
  if (a.what === 'request') return words('main.cap.subjectRequest');
  const each = a.each ? words('main.cap.each', { cost: round(a.each.cost), basis: basis({ cost: a.each.cost, basis: a.each.basis, runs: a.each.runs }) }) : 'none';
  return words('main.cap.subjectGroup', { count: a.count, what: a.what, cost: round(a.cost), each });
}

const spent = (s: { day: number; week: number; month: number }): Words =>
  words('main.cap.spent', { day: round(s.day), week: round(s.week), month: round(s.month) });

/** "none" where there is nothing to say: the message's select leaves the sentence (and its space) out. */
const held = (h: { count: number; amount: number }): Words | 'none' => (h.count === 0 ? 'none' : words('main.cap.held', { count: h.count }));

function estimate(a: Asked): Words | 'none' {
  if (a.what !== 'request' || a.cost <= 0) return 'none';
  if (!a.each) return words('main.cap.estimate', { cost: round(a.cost) });
  return words('main.cap.estimateFrom', { cost: round(a.cost), basis: basis({ cost: a.each.cost, basis: a.each.basis, runs: a.each.runs }) });
}

function caps(limits: ReadonlyArray<{ period: SpendingPeriod; limit: number }>): Words {
  const [first, ...rest] = limits;
  const one = words('main.cap.capOf', { period: first!.period, limit: round(first!.limit) });
  return rest.length === 0 ? one : words('main.cap.and', { first: one, rest: caps(rest) });
}

function names(models: readonly string[]): Words {
  const [first, ...rest] = models;
  const one = words('main.cap.model', { name: first! });
  return rest.length === 0 ? one : words('main.cap.and', { first: one, rest: names(rest) });
}
