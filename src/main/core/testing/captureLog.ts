import type { Logger } from '../deps';

export interface LogLine {
  readonly level: 'info' | 'warn' | 'error';
  readonly message: string;
  readonly data?: Readonly<Record<string, unknown>>;
}

/** A logger that keeps every line, so a test can read (and search) what was logged. */
export function captureLog(): Logger & { readonly lines: LogLine[] } {
  const lines: LogLine[] = [];
  return {
    lines,
    info: (message, data) => lines.push({ level: 'info', message, ...(data ? { data } : {}) }),
    warn: (message, data) => lines.push({ level: 'warn', message, ...(data ? { data } : {}) }),
    error: (message, data) => lines.push({ level: 'error', message, ...(data ? { data } : {}) }),
  };
}
