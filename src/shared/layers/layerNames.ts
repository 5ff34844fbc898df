/**
 * Layer names in the artist's words: what made the picture, as the gallery says it. A version made by a
 * generation is named by its model, the prompt's first words and its seed ("Pro 1.0 Fill · a lighthouse… · 1195921958").
 */
const PROMPT_WORDS = 3;

export function promptOpening(prompt: string): string {
  const words = prompt.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  return words.length > PROMPT_WORDS ? `${words.slice(0, PROMPT_WORDS).join(' ')}…` : words.join(' ');
}

export function generationLayerName(g: { readonly model: string; readonly prompt: string | null; readonly seed: number | null }): string {
  const opening = g.prompt ? promptOpening(g.prompt) : '';
  return [g.model, opening, g.seed === null ? '' : String(g.seed)].filter(Boolean).join(' · ');
}
