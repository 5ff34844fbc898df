import type { LanguageArea } from './stops';

/** The gallery, its full view, the Help drawer and notices: its stops join the walks here as its words move into the catalogs (messages/<locale>/gallery.json). */
export const GALLERY: LanguageArea = {
  name: 'The gallery, its full view, the Help drawer and notices',
  stops: [],
};
