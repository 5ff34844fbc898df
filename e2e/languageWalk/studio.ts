import type { LanguageArea } from './stops';

/** The studio's intents, model and generate form: its stops join the walks here as its words move into the catalogs (messages/<locale>/studio.json). */
export const STUDIO: LanguageArea = {
  name: "The studio's intents, model and generate form",
  stops: [],
};
