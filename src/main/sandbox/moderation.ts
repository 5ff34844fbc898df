import type { EndpointSpec } from '../../shared/catalog/endpoint';
import { TASK_STATUS } from '../../shared/catalog/responses';

/**
 * Words that provoke moderation, so a user or a test can see both moderated states on purpose. Matched as
 * whole words, case-insensitively, in every prompt field. docs/sandbox.md lists them; a test keeps the two equal.
 */
export const REQUEST_MODERATION_WORDS: Readonly<Record<string, string>> = {
  gore: 'Violence',
  nsfw: 'Sexual Content',
  hateful: 'Hate',
};

/** These pass submission and flag the generated output instead. */
export const CONTENT_MODERATION_WORDS: Readonly<Record<string, string>> = {
  bloody: 'Violence',
  risque: 'Sexual Content',
  copyrighted: 'Intellectual Property',
};

/**
 * Content words are flagged only at this safety_tolerance or stricter (0 is strictest), so raising the
 * tolerance lets them through, as a user would expect; request words are flagged at every level.
 */
export const CONTENT_MODERATION_MAX_TOLERANCE = 3;

export interface ModerationVerdict {
  readonly status: typeof TASK_STATUS.requestModerated | typeof TASK_STATUS.contentModerated;
  readonly reasons: readonly string[];
}

function reasonsIn(text: string, words: Readonly<Record<string, string>>): string[] {
  const found = new Set<string>();
  for (const word of text.toLowerCase().split(/[^a-z0-9]+/)) {
    const reason = words[word];
    if (reason) found.add(reason);
  }
  return [...found];
}

/**
 * Request moderation wins: a request flagged at submission never produces an output to flag. An input picture
 * is read too, as the service looks at what it is sent: a content word in the text a picture file carries (a
 * PNG's Description or Comment) flags the output, so one picture of a batch can be moderated on purpose.
 */
export function moderate(endpoint: EndpointSpec, params: Readonly<Record<string, unknown>>, pictures: Iterable<{ readonly text?: string }> = []): ModerationVerdict | undefined {
  const text = endpoint.fields
    .filter((f) => f.role === 'prompt' && typeof params[f.name] === 'string')
    .map((f) => params[f.name] as string)
    .join(' ');
  const request = reasonsIn(text, REQUEST_MODERATION_WORDS);
  if (request.length) return { status: TASK_STATUS.requestModerated, reasons: request };
  const tolerance = typeof params.safety_tolerance === 'number' ? params.safety_tolerance : 0;
  const pictureText = [...pictures].map((p) => p.text ?? '').join(' ');
  const content = tolerance <= CONTENT_MODERATION_MAX_TOLERANCE ? reasonsIn(`${text} ${pictureText}`, CONTENT_MODERATION_WORDS) : [];
  if (content.length) return { status: TASK_STATUS.contentModerated, reasons: content };
  return undefined;
}
