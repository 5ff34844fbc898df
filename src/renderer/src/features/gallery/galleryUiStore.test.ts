import { afterEach, describe, expect, it } from 'vitest';
import { NO_FILTER } from './galleryModel';
import { galleryUi, resetGalleryUi, useGalleryUi } from './galleryUiStore';

afterEach(resetGalleryUi);

describe('the gallery store', () => {
  it('refines one filter and keeps the others; Clear and a new visit start from no filter', () => {
    galleryUi.refine({ text: 'fox', status: 'starred' });
    galleryUi.refine({ group: 'g1' });
    expect(useGalleryUi.getState().filter).toEqual({ ...NO_FILTER, text: 'fox', status: 'starred', group: 'g1' });
    galleryUi.setFilter(NO_FILTER);
    expect(useGalleryUi.getState().filter).toBe(NO_FILTER);
    galleryUi.select('r1');
    galleryUi.open('r1');
    galleryUi.showMenu({ id: 'r1', x: 10, y: 20 });
    resetGalleryUi();
    expect(useGalleryUi.getState()).toMatchObject({ filter: NO_FILTER, selectedId: null, openId: null, menu: null });
  });

  it('chooses results together: Ctrl+click adds one (and selects it), again takes it out; a new visit chooses none', () => {
    galleryUi.togglePick('r1');
    galleryUi.togglePick('r2');
    galleryUi.togglePick('r3');
    galleryUi.togglePick('r2');
    expect(useGalleryUi.getState()).toMatchObject({ picked: ['r1', 'r3'], selectedId: 'r2' });
    galleryUi.clearPicked();
    expect(useGalleryUi.getState().picked).toEqual([]);
    galleryUi.togglePick('r4');
    resetGalleryUi();
    expect(useGalleryUi.getState().picked).toEqual([]);
  });
});
