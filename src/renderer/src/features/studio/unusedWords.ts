import type { AppText } from '../../../../shared/i18n/text';
import type { UnusedThing } from '../../../../shared/studio/switching';

/** One thing a model will not use, in words. */
function thingText(u: UnusedThing, text: AppText): string {
  switch (u.thing) {
    case 'prompt':
      return text.t('studio.unused.prompt');
    case 'picture':
      return text.t('studio.unused.picture');
    case 'mask':
      return text.t('studio.unused.mask');
    case 'margins':
      return text.t('studio.unused.margins');
    case 'outpaint-frame':
      return text.t('studio.unused.outpaintFrame');
    case 'references':
      return u.taken === 0 ? text.t('studio.unused.references', { count: u.count }) : text.t('studio.unused.someReferences', { left: u.count - u.taken, count: u.count });
    case 'boxes':
      return text.t('studio.unused.boxes', { count: u.count });
  }
}

/** The notice on switching: what the new model will not use, listed as the language lists things, and that nothing is lost. */
export function unusedText(model: string, unused: readonly UnusedThing[], text: AppText): string {
  const things = new Intl.ListFormat(text.locale, { type: 'conjunction' }).format(unused.map((u) => thingText(u, text)));
  return text.t('studio.switch.unused', { model, things, count: unused.length });
}
