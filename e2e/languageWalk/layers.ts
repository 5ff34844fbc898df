import type { LanguageArea } from './stops';

/** Layers, Edit in… and the clipboard: its stops join the walks here as its words move into the catalogs (messages/<locale>/layers.json). */
export const LAYERS: LanguageArea = {
  name: 'Layers, Edit in… and the clipboard',
  stops: [],
};
