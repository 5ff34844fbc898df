import { useMemo } from 'react';
import { intentLabel, modelsIn, NO_FILTER, projectsIn, type GalleryFilter } from './galleryModel';
import { useGalleryView } from './galleryView';
import { galleryUi, useGalleryUi } from './galleryUiStore';

/** The search and the filters over the whole library (run in main): intent, model, date, project, status. */
export function GalleryFilters({ projectNames }: { projectNames: ReadonlyMap<string, string> }) {
  const filter = useGalleryUi((s) => s.filter);
  const { refine, setFilter } = galleryUi;
  const facets = useGalleryView((s) => s.facets);
  const projects = useMemo(() => projectsIn(facets.projects, projectNames), [facets.projects, projectNames]);
  const models = useMemo(() => modelsIn(facets.models), [facets.models]);
  return (
    <div className="gallery-filters" role="search">
      <input type="search" placeholder="Search prompts" aria-label="Search prompts" value={filter.text} onChange={(e) => refine({ text: e.target.value })} />
      <select aria-label="Intent" value={filter.intent} onChange={(e) => refine({ intent: e.target.value as GalleryFilter['intent'] })}>
        <option value="all">Every intent</option>
        {facets.intents.map((k) => (
          <option key={k} value={k}>
            {intentLabel(k)}
          </option>
        ))}
      </select>
      <select aria-label="Model" value={filter.model} onChange={(e) => refine({ model: e.target.value })}>
        <option value="all">Every model</option>
        {models.map((m) => (
          <option key={m.id} value={m.id}>
            {m.title}
          </option>
        ))}
      </select>
      <select aria-label="Date" value={filter.date} onChange={(e) => refine({ date: e.target.value as GalleryFilter['date'] })}>
        <option value="all">Any date</option>
        <option value="today">Today</option>
        <option value="week">This week</option>
        <option value="month">This month</option>
      </select>
      <select aria-label="Project" value={filter.project} onChange={(e) => refine({ project: e.target.value })}>
        <option value="all">Every project</option>
        {projects.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
        <option value="none">Outside any project</option>
      </select>
      <select aria-label="Status" value={filter.status} onChange={(e) => refine({ status: e.target.value as GalleryFilter['status'] })}>
        <option value="all">Kept and discarded</option>
        <option value="kept">Kept</option>
        <option value="discarded">Discarded</option>
        <option value="starred">Starred</option>
      </select>
      {filter !== NO_FILTER && (
        <button type="button" className="button" onClick={() => setFilter(NO_FILTER)}>
          Clear
        </button>
      )}
    </div>
  );
}
