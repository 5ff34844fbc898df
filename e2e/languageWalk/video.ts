import type { LanguageArea } from './stops';

/** The studio's strip of results and the video panels: its stops join the walks here as its words move into the catalogs (messages/<locale>/video.json). */
export const VIDEO: LanguageArea = {
  name: "The studio's strip of results and the video panels",
  stops: [],
};
