import { useMemo } from 'react';
import { intentLabel, modelsIn, NO_FILTER, projectsIn, type GalleryFilter } from './galleryModel';
import { useGalleryView } from './galleryView';
import { galleryUi, useGalleryUi } from './galleryUiStore';

/** The filters a dropdown sets: each is one of a few values, `all` among them. */
type ChoiceField = 'intent' | 'model' | 'date' | 'project' | 'status';
interface Choice<K extends ChoiceField> {
  readonly value: GalleryFilter[K];
  readonly label: string;
}

const DATES: readonly Choice<'date'>[] = [
  { value: 'all', label: 'Any date' },
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'This week' },
  { value: 'month', label: 'This month' },
];
const STATUSES: readonly Choice<'status'>[] = [
  { value: 'all', label: 'Kept and discarded' },
  { value: 'kept', label: 'Kept' },
  { value: 'discarded', label: 'Discarded' },
  { value: 'starred', label: 'Starred' },
];

/** One filter's dropdown: shows the filter's value and sets it to the choice picked. */
function FilterSelect<K extends ChoiceField>({ field, label, choices }: { field: K; label: string; choices: readonly Choice<K>[] }) {
  const value = useGalleryUi((s) => s.filter[field]);
  const pick = (picked: string) => {
    const choice = choices.find((c) => c.value === picked);
    if (choice) galleryUi.refine({ [field]: choice.value } as Pick<GalleryFilter, K>);
  };
  return (
    <select aria-label={label} value={value} onChange={(e) => pick(e.target.value)}>
      {choices.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </select>
  );
}

/** The search and the filters over the whole library (run in main): intent, model, date, project, status. */
export function GalleryFilters({ projectNames }: { projectNames: ReadonlyMap<string, string> }) {
  const filter = useGalleryUi((s) => s.filter);
  const { refine, setFilter } = galleryUi;
  const facets = useGalleryView((s) => s.facets);
  const intents = useMemo((): Choice<'intent'>[] => [{ value: 'all', label: 'Every intent' }, ...facets.intents.map((k) => ({ value: k, label: intentLabel(k) }))], [facets.intents]);
  const models = useMemo((): Choice<'model'>[] => [{ value: 'all', label: 'Every model' }, ...modelsIn(facets.models).map((m) => ({ value: m.id, label: m.title }))], [facets.models]);
  const projects = useMemo(
    (): Choice<'project'>[] => [{ value: 'all', label: 'Every project' }, ...projectsIn(facets.projects, projectNames).map((p) => ({ value: p.id, label: p.name })), { value: 'none', label: 'Outside any project' }],
    [facets.projects, projectNames],
  );
  return (
    <div className="gallery-filters" role="search">
      <input type="search" placeholder="Search prompts" aria-label="Search prompts" value={filter.text} onChange={(e) => refine({ text: e.target.value })} />
      <FilterSelect field="intent" label="Intent" choices={intents} />
      <FilterSelect field="model" label="Model" choices={models} />
      <FilterSelect field="date" label="Date" choices={DATES} />
      <FilterSelect field="project" label="Project" choices={projects} />
      <FilterSelect field="status" label="Status" choices={STATUSES} />
      {filter !== NO_FILTER && (
        <button type="button" className="button" onClick={() => setFilter(NO_FILTER)}>
          Clear
        </button>
      )}
    </div>
  );
}
