import type { Logger } from '../deps';

export const REDACTED = '[redacted key]';

/**
 * Knows every key the app has seen and takes them out of any text: log lines, messages relayed from the
 * service (a service may echo the key it refused), errors.
 */
export class Redactor {
  private readonly secrets = new Set<string>();

  add(secret: string): void {
    if (secret.length >= 6) this.secrets.add(secret);
  }

  remove(secret: string): void {
    this.secrets.delete(secret);
  }

  redact(text: string): string {
    let out = text;
    for (const secret of this.secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    return out;
  }

  /** Redacts every string inside a JSON-like value. */
  redactValue(value: unknown, depth = 0): unknown {
    if (typeof value === 'string') return this.redact(value);
    if (depth > 8 || value === null || typeof value !== 'object') return value;
    if (value instanceof Error) return { name: value.name, message: this.redact(value.message), stack: this.redact(value.stack ?? '') };
    if (Array.isArray(value)) return value.map((v) => this.redactValue(v, depth + 1));
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, this.redactValue(v, depth + 1)]));
  }
}

/** A logger that passes every line through the redactor first. */
export function redactingLogger(inner: Logger, redactor: Redactor): Logger {
  const wrap =
    (level: keyof Logger) =>
    (message: string, data?: Readonly<Record<string, unknown>>): void => {
      inner[level](redactor.redact(message), data ? (redactor.redactValue(data) as Record<string, unknown>) : undefined);
    };
  return { info: wrap('info'), warn: wrap('warn'), error: wrap('error') };
}
