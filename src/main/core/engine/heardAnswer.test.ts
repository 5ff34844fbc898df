import { describe, expect, it } from 'vitest';
import type { Connectivity } from './connectivity';
import { heardAnswer } from './heardAnswer';

describe('an answer heard from the service', () => {
  it('marks its connection online, classes it, and redacts what the service said', () => {
    const online: string[] = [];
    const connectivity = { markOnline: (id: string) => void online.push(id) } as Partial<Connectivity> as Connectivity;
    const redact = (text: string) => text.replaceAll('sk-secret', '[key]');
    const out = { kind: 'answer' as const, status: 402, headers: new Headers(), text: JSON.stringify({ detail: 'no credits left for sk-secret' }) };

    const answer = heardAnswer({ connectivity, redact }, 'conn-1', out, 0);

    expect(online).toEqual(['conn-1']);
    expect(answer.kind).toBe('no-credits');
    expect(answer.said).toBe('402: no credits left for [key]');
  });
});
