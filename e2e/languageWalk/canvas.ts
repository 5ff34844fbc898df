import type { LanguageArea } from './stops';

/** The studio's canvas, tools and panels: its stops join the walks here as its words move into the catalogs (messages/<locale>/canvas.json). */
export const CANVAS: LanguageArea = {
  name: "The studio's canvas, tools and panels",
  stops: [],
};
