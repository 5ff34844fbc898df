import type { SpendingPeriod } from '../ipc/contract/spending';
import { basisWords } from '../pricing/priceModel';
import type { CapGroup, CapRefusal } from './capRefusal';
import { PERIOD_WORDS } from './periodWords';

type Asked = Extract<CapRefusal, { kind: 'crossed' }>['asked'];

/**
 * The caps' refusal in the artist's words: the one place they are made from the data (capRefusal.ts), for every
 * panel that shows one and for main's own notices.
 */
export function capRefusalWords(r: CapRefusal): string {
  switch (r.kind) {
    case 'crossed':
      return `Not sent: ${subject(r.asked)} would cross your ${PERIOD_WORDS[r.period].cap} cap of ${fmt(r.limit)} credits for “${r.keyLabel}”. ${spentLine(r.spent)}${heldLine(r.held)}${r.onTheWay > 0 ? ` About ${fmt(r.onTheWay)} more is on its way.` : ''}${estimateLine(r.asked)} ${ADVICE[r.asked.what]}`;
    case 'reached':
      return `Not sent: your ${PERIOD_WORDS[r.period].cap} cap of ${fmt(r.limit)} credits for “${r.keyLabel}” is reached. ${spentLine(r.spent)}${heldLine(r.held)} Raise the cap in Settings to go on.`;
    case 'unpriced-on-the-way': {
      const one = r.count === 1;
      return `Not sent: ${one ? 'a task' : `${r.count} tasks`} of “${r.keyLabel}” still on ${one ? 'its' : 'their'} way ${one ? 'has' : 'have'} no price yet, so Gen Studio cannot tell whether this one keeps within your ${capsWords(r.limits)} credits. ${spentLine(r.spent)} Send it once ${one ? 'that task has' : 'they have'} finished.`;
    }
    case 'unpriced-held': {
      const one = r.count === 1;
      return `Not sent: ${one ? 'a task' : `${r.count} tasks`} of “${r.keyLabel}” whose outcome is unknown ${one ? 'has' : 'have'} no price yet, so Gen Studio cannot tell whether this one keeps within your ${capsWords(r.limits)} credits. ${spentLine(r.spent)} Say whether ${one ? 'it was' : 'they were'} charged in Settings, Spending.`;
    }
    case 'group-unpriced': {
      const names = r.models.map((m) => `“${m}”`).join(' and ');
      const has = r.models.length === 1 ? 'has' : 'have';
      if (r.what === 'variations') return `Not sent: ${names} ${has} not been priced yet with “${r.keyLabel}”, so Gen Studio cannot tell whether ${r.count} variations keep within your caps. Generate one first; the group is then checked against its price.`;
      const first = r.what === 'batch' ? 'Run it on one picture first, then the batch.' : `Make one picture with ${r.models.length === 1 ? 'it' : 'each'} first, then explore.`;
      return `Not sent: ${names} ${has} no price yet for “${r.keyLabel}”, so Gen Studio cannot tell whether ${r.count} pictures keep within your caps. ${first}`;
    }
  }
}

const fmt = (n: number) => (Math.round(n * 100) / 100).toLocaleString('en-US', { maximumFractionDigits: 2 });

/** What would cross the cap: "this" (its estimate follows), or the group with its total and what each costs. */
function subject(a: Asked): string {
  if (a.what === 'request') return 'this';
  const noun = a.what === 'variations' ? 'variations' : 'pictures';
  const each = a.each ? ` (${fmt(a.each.cost)} each, ${basisWords({ cost: a.each.cost, basis: a.each.basis, runs: a.each.runs })})` : '';
  return `these ${a.count} ${noun}, about ${fmt(a.cost)} credits${each},`;
}

const ADVICE: Readonly<Record<CapGroup, string>> = {
  request: 'Raise the cap in Settings to go on.',
  variations: 'Raise the cap in Settings, or ask for fewer variations.',
  matrix: 'Raise the cap in Settings, or take out some choices, models or seeds.',
  batch: 'Raise the cap in Settings, or choose fewer pictures.',
};

function spentLine(s: { day: number; week: number; month: number }): string {
  return `Spent ${fmt(s.day)} today, ${fmt(s.week)} this week, ${fmt(s.month)} this month.`;
}

function heldLine(h: { count: number; amount: number }): string {
  if (h.count === 0) return '';
  const one = h.count === 1;
  return ` ${one ? 'A task' : `${h.count} tasks`} whose outcome is unknown ${one ? 'is' : 'are'} counted as spent until you say whether ${one ? 'it was' : 'they were'} charged (Settings, Spending).`;
}

/** A single request's estimate, and where it comes from (a group says its total up front). */
function estimateLine(a: Asked): string {
  if (a.what !== 'request' || a.cost <= 0) return '';
  const basis = a.each ? ` (${basisWords({ cost: a.each.cost, basis: a.each.basis, runs: a.each.runs })})` : '';
  return ` This request is estimated at ${fmt(a.cost)}${basis}.`;
}

function capsWords(limits: ReadonlyArray<{ period: SpendingPeriod; limit: number }>): string {
  return limits.map((l) => `${PERIOD_WORDS[l.period].cap} cap of ${fmt(l.limit)}`).join(' and ');
}
