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
  [/\bE[A-Z]{4,}\b/, 'a system error code'],
  [/delete_finetune|Endpoint word/, 'a path word'],
];

/** Everything `serviceWords` finds, and the words an artist should not meet (see NOT_ARTIST). */
export function jargon(said: string): string[] {
  const found = serviceWords(said);
  for (const [pattern, name] of NOT_ARTIST) {
    const hit = pattern.exec(said);
    if (hit) found.push(`${name} (“${said.slice(Math.max(0, hit.index - 20), hit.index + hit[0].length + 20).replace(/\s+/g, ' ')}”)`);
  }
  // A choice's default listed again under its own name: "High quality (default)" then "High quality".
  for (const m of said.matchAll(/\n?([^\n]+) \(default\)/g)) {
    if (said.split('\n').some((line) => line.trim() === m[1]!.trim())) found.push(`${m[1]} listed twice`);
  }
  return found;
}
