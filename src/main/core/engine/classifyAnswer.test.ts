import { describe, expect, it } from 'vitest';
import { classifyAnswer } from './classifyAnswer';

const none = new Headers();
const kind = (status: number, body = '', headers = none) => classifyAnswer(status, body, headers).kind;

describe('the one table of the service’s answers', () => {
  it('classes every status the engine acts on, the same for sending and polling', () => {
    expect(kind(200)).toBe('ok');
    expect(kind(401)).toBe('key-rejected');
    expect(kind(403)).toBe('key-rejected');
    expect(kind(402)).toBe('no-credits');
    expect(kind(404)).toBe('not-found');
    expect(kind(405)).toBe('wrong-address');
    expect(kind(302)).toBe('wrong-address');
    expect(kind(413)).toBe('too-large');
    expect(kind(400)).toBe('bad-request');
    expect(kind(418)).toBe('bad-request');
    expect(kind(408)).toBe('server-error');
    expect(kind(500)).toBe('server-error');
    expect(kind(503)).toBe('server-error');
  });

  it('reads a 422 into the service’s issues, or none when the body is not its shape', () => {
    const body = JSON.stringify({ detail: [{ loc: ['body', 'width'], msg: 'Input should be a multiple of 16', type: 'multiple_of' }] });
    expect(classifyAnswer(422, body, none)).toMatchObject({ kind: 'validation', issues: [{ loc: ['body', 'width'], msg: 'Input should be a multiple of 16', type: 'multiple_of' }] });
    expect(classifyAnswer(422, '<html>bad</html>', none)).toMatchObject({ kind: 'validation', issues: null });
  });

  it('reads Retry-After in seconds or as a date, and nothing when absent', () => {
    expect(classifyAnswer(429, '', new Headers({ 'retry-after': '7' }))).toMatchObject({ kind: 'rate-limited', retryAfterMs: 7000 });
    const now = Date.UTC(2026, 0, 14, 10, 0, 0);
    expect(classifyAnswer(429, '', new Headers({ 'retry-after': new Date(now + 12_000).toUTCString() }), now)).toMatchObject({ retryAfterMs: 12_000 });
    expect(classifyAnswer(429, '', none)).toMatchObject({ retryAfterMs: null });
  });

  it('keeps the service’s own words for the message (the caller redacts them)', () => {
    // the status is the log's, never the artist's words
    expect(classifyAnswer(402, JSON.stringify({ detail: 'Insufficient credits' }), none).said).toBe('Insufficient credits');
    expect(classifyAnswer(500, '', none).said).toBe('');
  });
});
