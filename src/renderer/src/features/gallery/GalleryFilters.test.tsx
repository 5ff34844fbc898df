// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GalleryFilters } from './GalleryFilters';
import { NO_FILTER } from './galleryModel';
import { resetGalleryUi, useGalleryUi } from './galleryUiStore';
import { useGalleryView } from './galleryView';

vi.mock('../../api', () => ({ gen: {} }));
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  resetGalleryUi();
  document.body.replaceChildren();
});

function render() {
  useGalleryView.setState({ facets: { intents: ['edit', 'text-to-image'], models: ['gen-dev'], projects: ['p1'] } });
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root!.render(<GalleryFilters projectNames={new Map([['p1', 'Harbour']])} />));
  return (label: string) => container.querySelector<HTMLSelectElement>(`select[aria-label="${label}"]`)!;
}

function choose(select: HTMLSelectElement, value: string) {
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const labels = (select: HTMLSelectElement) => [...select.options].map((o) => o.textContent);

describe('GalleryFilters', () => {
  it('offers every filter’s choices, in words, with "all" first', () => {
    const select = render();
    expect(labels(select('Intent'))).toEqual(['Every intent', 'Edit', 'Text to image']);
    expect(labels(select('Model'))).toEqual(['Every model', 'Dev']);
    expect(labels(select('Date'))).toEqual(['Any date', 'Today', 'This week', 'This month']);
    expect(labels(select('Project'))).toEqual(['Every project', 'Harbour', 'Outside any project']);
    expect(labels(select('Status'))).toEqual(['Kept and discarded', 'Kept', 'Discarded', 'Starred']);
  });

  it('sets the one filter a dropdown is for, keeping the others, and shows what is set', () => {
    const select = render();
    choose(select('Intent'), 'edit');
    choose(select('Date'), 'week');
    choose(select('Project'), 'none');
    choose(select('Status'), 'starred');
    choose(select('Model'), 'gen-dev');
    expect(useGalleryUi.getState().filter).toEqual({ ...NO_FILTER, intent: 'edit', date: 'week', project: 'none', status: 'starred', model: 'gen-dev' });
    expect(select('Date').value).toBe('week');
    choose(select('Intent'), 'all');
    expect(useGalleryUi.getState().filter.intent).toBe('all');
  });
});
