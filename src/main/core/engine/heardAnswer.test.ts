import { describe, expect, it } from 'vitest';
import type { Logger } from '../deps';
import type { Connectivity } from './connectivity';
import { heardAnswer } from './heardAnswer';

describe('an answer heard from the service', () => {
  it('marks its connection online, classes it, redacts what the service said, and logs its status, which the words leave out', () => {
    const online: string[] = [];
    const connectivity = { markOnline: (id: string) => void online.push(id) } as Partial<Connectivity> as Connectivity;
    const redact = (text: string) => text.replaceAll('sk-secret', '[key]');
    const out = { kind: 'answer' as const, status: 402, headers: new Headers(), text: JSON.stringify({ detail: 'no credits left for sk-secret' }) };

    const logged: Array<Record<string, unknown> | undefined> = [];
    const log = { info: (_: string, fields?: Record<string, unknown>) => void logged.push(fields) } as Partial<Logger> as Logger;
    const answer = heardAnswer({ connectivity, redact, log }, 'conn-1', out, 0);

    expect(online).toEqual(['conn-1']);
    expect(answer.kind).toBe('no-credits');
    expect(answer.said).toBe('no credits left for [key]');
    expect(logged).toEqual([{ connection: 'conn-1', status: 402, kind: 'no-credits', said: 'no credits left for [key]' }]);
  });
});
