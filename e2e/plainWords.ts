import type { Locator } from '@playwright/test';
import { CATALOG, endpointPath } from '../src/shared/catalog';
import { VIDEO_MODES } from '../src/shared/catalog/video';

/**
 * Everything a part of the screen says, shown or spoken: its text (folded sections opened first, so what they
 * hold counts too) and the labels, titles, alternative texts and placeholders of everything in it.
 */
export async function spokenText(region: Locator): Promise<string> {
  return region.evaluate((root) => {
    for (const details of root.querySelectorAll('details')) details.open = true;
    const parts = [(root as HTMLElement).innerText];
    for (const el of root.querySelectorAll('*')) {
      for (const attr of ['aria-label', 'title', 'alt', 'placeholder', 'aria-description']) {
        const v = el.getAttribute(attr);
        if (v) parts.push(v);
      }
    }
    return parts.join('\n');
  });
}

/**
 * Endpoint ids that are also the artist's word: the retired `finetune` endpoint is named like the finetunes
 * (LoRAs) artists pick by name, so the word itself says nothing about the service's paths.
 */
const ARTIST_WORDS = new Set(['finetune']);

/** The service's own vocabulary found in a text: endpoint paths and ids, video mode codes, "inferred". */
export function serviceWords(said: string): string[] {
  const found: string[] = [];
  if (said.includes('/v1/')) found.push('/v1/');
  for (const e of CATALOG) {
    if (ARTIST_WORDS.has(e.id)) continue;
    if (said.includes(endpointPath(e))) found.push(endpointPath(e));
    if (new RegExp(`(^|[^\\w-])${e.id.replace(/[.]/g, '\\.')}($|[^\\w-])`).test(said)) found.push(e.id);
  }
  for (const mode of VIDEO_MODES) if (new RegExp(`\\b${mode}\\b`).test(said)) found.push(mode);
  if (/inferred/i.test(said)) found.push('inferred');
  return found;
}

/**
 * Words seen on screen that speak the service's or the system's language, not the artist's: the webhook, blob
 * paths, size codes (768sq, bare hd/fhd/qhd/uhd), a default listed twice, the box list as JSON, the release and
 * finetune jargon, system error codes, the settings' path words.
 */
const NOT_ARTIST: readonly [RegExp, string][] = [
  [/\bwebhook\b/i, 'Webhook'],
  [/blob path/i, 'blob path'],
  [/\b768sq\b/, '768sq'],
  [/(^|[^\w-])(hd|fhd|qhd|uhd)($|[^\w-])/, 'a bare size code'],
  [/\{"label"|"box":\s*\[/, 'the box list as JSON'],
  [/reproducible/i, 'reproducible'],
  [/trigger word|kind lora/i, 'finetune jargon'],
  [/\bE(ACCES|NOENT|PERM|BUSY|EXIST|NOSPC|ROFS|MFILE|ISDIR|NOTDIR|AGAIN|PIPE|CONN(REFUSED|RESET|ABORTED)|TIMEDOUT|HOSTUNREACH|NOTFOUND)\b/, 'a system error code'],
  [/delete_finetune|Endpoint word/, 'a path word'],
  [/\b[a-z]+_[a-z0-9_]+\b/, 'a field’s own name'],
];

/**
 * Words no screen should say, the service's reference (the Help drawer) included: an HTTP status, the field's
 * own "ID", a result's file name as its name, a time not as the timeline shows it.
 */
const NEVER: readonly [RegExp, string][] = [
  [/\(\d{3}(:|\))/, 'an HTTP status'],
  [/Finetune ID/, 'Finetune ID'],
  [/\d{4}-\d{2}-\d{2}_[\w.-]+\.(png|jpe?g|webp|mp4)\b/, 'a result’s file name as its name'],
  [/\d\.\d{3,} ?s\b/, 'a time not as the timeline shows it'],
  [/ @ \d/, 'an @ for a time'],
];

const hits = (said: string, patterns: readonly [RegExp, string][]): string[] =>
  patterns.flatMap(([pattern, name]) => {
    const hit = pattern.exec(said);
    return hit ? [`${name} (“${said.slice(Math.max(0, hit.index - 20), hit.index + hit[0].length + 20).replace(/\s+/g, ' ')}”)`] : [];
  });

/**
 * What no screen may say, the reference too (see NEVER): a count past its total ("References 3 of 1"), and one
 * sentence said twice in a row ("…; output up to 4 MP. Output up to 4 MP.").
 */
export function neverSaid(said: string): string[] {
  const found = hits(said, NEVER);
  for (const m of said.matchAll(/\b(\d+) of (\d+)\b/g)) if (Number(m[1]) > Number(m[2])) found.push(`a count over its total (“${m[0]}”)`);
  for (const line of said.split('\n')) {
    const parts = line.split(/[.;·]\s*/).map((p) => p.trim().toLowerCase()).filter((p) => p.length >= 12);
    const twice = parts.find((p, i) => parts.indexOf(p) !== i);
    if (twice) found.push(`said twice (“${twice}”)`);
  }
  return found;
}

/** Everything `serviceWords` finds, and the words an artist should not meet (see NOT_ARTIST). */
export function jargon(said: string): string[] {
  const found = [...serviceWords(said), ...hits(said, NOT_ARTIST), ...neverSaid(said)];
  // A choice's default listed again under its own name: "High quality (default)" then "High quality".
  for (const m of said.matchAll(/\n?([^\n]+) \(default\)/g)) {
    if (said.split('\n').some((line) => line.trim() === m[1]!.trim())) found.push(`${m[1]} listed twice`);
  }
  return found;
}
