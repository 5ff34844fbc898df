import type { LanguageArea } from './stops';

/** Explore: its stops join the walks here as its words move into the catalogs (messages/<locale>/explore.json). */
export const EXPLORE: LanguageArea = {
  name: 'Explore',
  stops: [],
};
