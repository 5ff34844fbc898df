import type { MessageId } from '../../../shared/i18n/catalog';
import { say } from '../../../shared/i18n/say';
import { ENGLISH_TEXT, type AppText, type MessageValues } from '../../../shared/i18n/text';
import type { ValidationIssue } from '../../../shared/validation/issue';

/** The checks the form makes as the artist types, by the issue's type: its message and the values from its context. */
const ISSUE_WORDS: Readonly<Record<string, { id: MessageId; values: (ctx: Readonly<Record<string, unknown>>) => MessageValues | null }>> = {
  missing: { id: 'forms.issue.required', values: () => ({}) },
  greater_than_equal: { id: 'forms.issue.atLeast', values: (c) => (typeof c.ge === 'number' ? { ge: String(c.ge) } : null) },
  less_than_equal: { id: 'forms.issue.atMost', values: (c) => (typeof c.le === 'number' ? { le: String(c.le) } : null) },
  multiple_of: { id: 'forms.issue.multipleOf', values: (c) => (typeof c.multiple_of === 'number' ? { step: String(c.multiple_of) } : null) },
  string_too_short: { id: 'forms.issue.tooShort', values: (c) => (typeof c.min_length === 'number' ? { count: c.min_length } : null) },
  string_too_long: { id: 'forms.issue.tooLong', values: (c) => (typeof c.max_length === 'number' ? { count: c.max_length } : null) },
};

/**
 * An issue in the artist's language: the words the app's own check gave it, or, for an issue made without them, only
 * an issue whose words are exactly those of one of the form's own checks
 * is translated; any other (a rule with more to say, the service's own 422 text) stays as it was written, and
 * `translated` says so, for the element that shows it to mark its language.
 */
export function issueText(issue: ValidationIssue, text: AppText): { text: string; translated: boolean } {
  if (issue.words) return { text: say(text, issue.words, issue.msg), translated: true };
  const words = ISSUE_WORDS[issue.type];
  const values = words?.values(issue.ctx ?? {});
  if (!words || !values || ENGLISH_TEXT.t(words.id, values) !== issue.msg) return { text: issue.msg, translated: false };
  return { text: text.t(words.id, values), translated: true };
}
