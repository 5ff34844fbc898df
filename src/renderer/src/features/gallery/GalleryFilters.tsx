import { useMemo } from 'react';
import type { MessageId } from '../../../../shared/i18n/catalog';
import { useText } from '../../ui/i18n/textStore';
import { intentLabel, modelsIn, NO_FILTER, projectsIn, type GalleryFilter } from './galleryModel';
import { useGalleryView } from './galleryView';
import { galleryUi, useGalleryUi } from './galleryUiStore';

/** The filters a dropdown sets: each is one of a few values, `all` among them. */
type ChoiceField = 'intent' | 'model' | 'date' | 'project' | 'status';
interface Choice<K extends ChoiceField> {
  readonly value: GalleryFilter[K];
  readonly label: string;
  /** a name the artist gave or a model's name, shown as it is in every language */
  readonly named?: boolean;
}

const DATES: ReadonlyArray<{ value: GalleryFilter['date']; label: MessageId }> = [
  { value: 'all', label: 'gallery.filter.anyDate' },
  { value: 'today', label: 'gallery.filter.today' },
  { value: 'week', label: 'gallery.filter.week' },
  { value: 'month', label: 'gallery.filter.month' },
];
const STATUSES: ReadonlyArray<{ value: GalleryFilter['status']; label: MessageId }> = [
  { value: 'all', label: 'gallery.filter.keptAndDiscarded' },
  { value: 'kept', label: 'gallery.filter.kept' },
  { value: 'discarded', label: 'gallery.filter.discarded' },
  { value: 'starred', label: 'gallery.filter.starred' },
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
        <option key={c.value} value={c.value} translate={c.named ? 'no' : undefined}>
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
  const text = useText();
  const { t } = text;
  const intents = useMemo(
    (): Choice<'intent'>[] => [{ value: 'all', label: t('gallery.filter.anyIntent') }, ...facets.intents.map((k) => ({ value: k, label: intentLabel(k, text) }))],
    [facets.intents, t, text],
  );
  const models = useMemo(
    (): Choice<'model'>[] => [{ value: 'all', label: t('gallery.filter.anyModel') }, ...modelsIn(facets.models, text).map((m) => ({ value: m.id, label: m.title, named: true }))],
    [facets.models, t, text],
  );
  const projects = useMemo(
    (): Choice<'project'>[] => [
      { value: 'all', label: t('gallery.filter.anyProject') },
      ...projectsIn(facets.projects, projectNames, text).map((p) => ({ value: p.id, label: p.name, named: projectNames.has(p.id) })),
      { value: 'none', label: t('gallery.filter.noProject') },
    ],
    [facets.projects, projectNames, t, text],
  );
  const dates = useMemo((): Choice<'date'>[] => DATES.map((d) => ({ value: d.value, label: t(d.label) })), [t]);
  const statuses = useMemo((): Choice<'status'>[] => STATUSES.map((d) => ({ value: d.value, label: t(d.label) })), [t]);
  return (
    <div className="gallery-filters" role="search">
      <input type="search" placeholder={t('gallery.filter.search')} aria-label={t('gallery.filter.search')} value={filter.text} onChange={(e) => refine({ text: e.target.value })} />
      <FilterSelect field="intent" label={t('gallery.filter.intent')} choices={intents} />
      <FilterSelect field="model" label={t('gallery.filter.model')} choices={models} />
      <FilterSelect field="date" label={t('gallery.filter.date')} choices={dates} />
      <FilterSelect field="project" label={t('gallery.filter.project')} choices={projects} />
      <FilterSelect field="status" label={t('gallery.filter.status')} choices={statuses} />
      {filter !== NO_FILTER && (
        <button type="button" className="button" onClick={() => setFilter(NO_FILTER)}>
          {t('gallery.filter.clear')}
        </button>
      )}
    </div>
  );
}
