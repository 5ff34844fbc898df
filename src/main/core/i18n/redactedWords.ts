import { isWords, type Words, type WordsArgument } from '../../../shared/i18n/words';

/** Words with every text value (a file's name, the system's words) passed through the key redactor, as their English is. */
export function redactedWords(said: Words, redact: (text: string) => string): Words {
  if (!said.values) return said;
  const values: Record<string, WordsArgument> = {};
  for (const [name, value] of Object.entries(said.values)) values[name] = typeof value === 'string' ? redact(value) : isWords(value) ? redactedWords(value, redact) : value;
  return { id: said.id, values };
}
