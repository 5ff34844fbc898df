import { APP } from './app';
import { BATCH } from './batch';
import { CANVAS } from './canvas';
import { EXPLORE } from './explore';
import { GALLERY } from './gallery';
import { LAYERS } from './layers';
import { STUDIO } from './studio';
import { VIDEO } from './video';
import type { LanguageArea } from './stops';

/** Every area the language walks cover, one file each (as the catalogs are), so areas join without touching each other. */
export const AREAS: readonly LanguageArea[] = [APP, CANVAS, STUDIO, VIDEO, EXPLORE, BATCH, GALLERY, LAYERS];
