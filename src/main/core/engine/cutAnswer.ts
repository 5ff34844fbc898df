/**
 * What a submit's 200 answer cut short still says (issue 23 point 10). The connection can break after the
 * service took a task and began its answer; if the task's id and its polling address came through whole, the
 * service can be asked about the task (it answers for that id), so the artist is not asked to settle it.
 * Only whole JSON strings count: a polling address cut in the middle is never completed or rebuilt.
 */
export function wholeFieldsOfCutAnswer(text: string): { readonly id: string; readonly pollingUrl: string } | null {
  const id = wholeString(text, 'id');
  const pollingUrl = wholeString(text, 'polling_url');
  return id && pollingUrl ? { id, pollingUrl } : null;
}

function wholeString(text: string, field: string): string | null {
  // A JSON string ends at an unescaped quote; whatever follows it need not have arrived.
  const found = new RegExp(`"${field}"\\s*:\\s*("(?:[^"\\\\]|\\\\.)*")`).exec(text);
  if (!found) return null;
  try {
    const value = JSON.parse(found[1]!) as string;
    return value.length > 0 ? value : null;
  } catch {
    return null;
  }
}
