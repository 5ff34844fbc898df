import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { taskEndpoints } from '../../shared/catalog/catalog';
import { TASK_KINDS } from '../../shared/catalog/endpoint';
import { DEMO_KEY, DEFAULT_CREDITS } from './accounts';
import { FAILURE_HEADER } from './api';
import { CONTENT_MODERATION_WORDS, REQUEST_MODERATION_WORDS } from './moderation';
import { priceOf, PRICES } from './prices';
import { STUCK_TASK_LIMIT_MS } from './tasks/taskStore';
import { DEMO_LONG_RUNNING_MS, DEMO_MS } from './tasks/timing';
import { ATTEMPT_HEADER, DEFAULT_WEBHOOK_POLICY, SIGNATURE_HEADER } from './webhooks';

const DOC = readFileSync(new URL('../../../docs/sandbox.md', import.meta.url), 'utf8');

/** The rows of the markdown table between `<!-- name:start -->` and `<!-- name:end -->`, as cells. */
function table(name: string): string[][] {
  const start = DOC.indexOf(`<!-- ${name}:start -->`);
  const end = DOC.indexOf(`<!-- ${name}:end -->`);
  expect(start, name).toBeGreaterThan(-1);
  return DOC.slice(start, end)
    .split('\n')
    .filter((line) => line.startsWith('|') && !line.startsWith('|---'))
    .slice(1)
    .map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()));
}

describe('docs/sandbox.md says what the code does', () => {
  it('prices every task endpoint, and shows the table the code uses', () => {
    for (const endpoint of taskEndpoints()) expect(priceOf(endpoint), endpoint.id).toBeDefined();
    const rows = table('prices');
    expect(Object.fromEntries(rows.map(([id, ...n]) => [id, n.map(Number)]))).toEqual(
      Object.fromEntries(Object.entries(PRICES).map(([id, p]) => [id, [p.perRequest, p.firstMp, p.furtherMp, p.perInputMp, p.perSecondMp]])),
    );
  });

  it('lists the moderation words the code matches', () => {
    const documented = table('moderation').map(([word, status, reason]) => [word, status, reason]);
    const actual = [
      ...Object.entries(REQUEST_MODERATION_WORDS).map(([w, r]) => [w, 'Request Moderated', r]),
      ...Object.entries(CONTENT_MODERATION_WORDS).map(([w, r]) => [w, 'Content Moderated', r]),
    ];
    expect(documented).toEqual(actual);
  });

  it('gives the demo durations the code uses', () => {
    const rows = table('durations');
    for (const kind of TASK_KINDS) expect(rows.find(([k]) => k === kind)?.[1], kind).toBe(String(DEMO_MS[kind] / 1000));
    expect(rows.at(-1)?.[1]).toBe(`at least ${DEMO_LONG_RUNNING_MS / 1000}`);
  });

  it('names the headers, keys and defaults the code uses', () => {
    for (const text of [FAILURE_HEADER, SIGNATURE_HEADER, ATTEMPT_HEADER, DEMO_KEY, `${DEFAULT_CREDITS} credits`]) expect(DOC).toContain(text);
    expect(DOC).toContain(`five tries in all`);
    expect(DOC).toContain(`keeps counting as active) for ${STUCK_TASK_LIMIT_MS / 60_000} minutes`);
    expect(DEFAULT_WEBHOOK_POLICY).toEqual({ attempts: 5, baseDelayMs: 1000, timeoutMs: 10_000 });
  });
});
