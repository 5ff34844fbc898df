import type { LanguageArea } from './stops';

/** Batch: its stops join the walks here as its words move into the catalogs (messages/<locale>/batch.json). */
export const BATCH: LanguageArea = {
  name: 'Batch',
  stops: [],
};
