import { describe, expect, it } from 'vitest';
import { captureLog } from '../testing/captureLog';
import { REDACTED, Redactor, redactingLogger } from './redactor';

describe('the redactor', () => {
  it('takes every known key out of log lines, their data, and errors with their stacks', () => {
    const redactor = new Redactor();
    redactor.add('sk-secret-one-111');
    redactor.add('sk-secret-two-222');
    const inner = captureLog();
    const log = redactingLogger(inner, redactor);
    const error = new Error('refused sk-secret-two-222');
    log.error('sending with sk-secret-one-111 failed', { nested: { list: ['x sk-secret-two-222 y'] }, error, count: 3 });
    const line = JSON.stringify(inner.lines);
    expect(line).not.toContain('sk-secret');
    expect(line).toContain(REDACTED);
    expect(inner.lines[0]!.data).toMatchObject({ count: 3, error: { name: 'Error', message: `refused ${REDACTED}` } });
  });

  it('ignores strings too short to be keys', () => {
    const redactor = new Redactor();
    redactor.add('abc');
    expect(redactor.redact('abcabc')).toBe('abcabc');
  });
});
