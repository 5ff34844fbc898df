import type { EndpointSpec } from '../../../../shared/catalog/endpoint';
import { takesSeed } from '../../../../shared/studio/variations';
import { Button } from '../../ui/Button';
import { useCanvasStore } from '../canvas/canvasStore';
import { useStudioStore } from '../../store/studioStore';
import { useText } from '../../ui/i18n/textStore';

/**
 * A pinned seed, said beside Generate rather than only under Advanced: every Generate repeats it (each variation
 * one on from it) until the artist takes a new random seed, one click here. Named "Pinned seed", not "Seed": the
 * form's own Seed field keeps that name alone.
 */
export function SeedControl({ endpoint }: { endpoint: EndpointSpec }) {
  const seed = useCanvasStore((s) => s.document.formValues[endpoint.id]?.seed);
  const reused = useStudioStore((s) => s.reusedSeed);
  const { t } = useText();
  if (!takesSeed(endpoint) || typeof seed !== 'number') return null;
  const fromResult = reused?.endpointId === endpoint.id && reused.seed === seed;
  return (
    <p className="seed-pin" role="group" aria-label={t('studio.seed.pinned')}>
      <span>{t(fromResult ? 'studio.seed.fromResult' : 'studio.seed.pin', { seed: String(seed) })}</span>
      <span aria-hidden="true">·</span>
      <Button variant="link" size="sm" title={t('studio.seed.newTitle')} onClick={() => useCanvasStore.getState().setFormValue('seed', undefined)}>
        {t('studio.seed.new')}
      </Button>
    </p>
  );
}
