import { PICTURE_ACCEPT } from '../../../../shared/layers/layeredFiles';
import { useState } from 'react';
import { sayTold } from '../../../../shared/i18n/say';
import type { Words } from '../../../../shared/i18n/words';
import type { EndpointSpec } from '../../../../shared/catalog/endpoint';
import type { FieldSpec } from '../../../../shared/catalog/field';
import type { AssetInfo } from '../../../../shared/ipc/contract';
import { gen } from '../../api';
import { labelFor } from '../forms/fieldModel';
import { limitAdvice } from './generateModel';
import { Button } from '../../ui/Button';
import { FileButton } from '../../ui/FileButton';
import { useText } from '../../ui/i18n/textStore';

type Told = { readonly message: string; readonly words?: Words | undefined };

/**
 * Picks an image for one field: the file goes to main's asset store as bytes (never as text), and the field
 * holds its asset id. An image over the endpoint's limit can be downscaled here, saying what changed.
 */
export function AssetPicker({ endpoint, field, asset, onChange }: { endpoint: EndpointSpec; field: FieldSpec; asset: AssetInfo | undefined; onChange: (asset: AssetInfo | undefined) => void }) {
  // main's words, kept as words so a switch of language says them again
  const [problem, setProblem] = useState<Told | null>(null);
  const [note, setNote] = useState<Told | null>(null);
  const [busy, setBusy] = useState(false);
  const text = useText();
  const { t } = text;
  const label = labelFor(field, text);
  const mp = (n: number) => new Intl.NumberFormat(text.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);
  const advice = asset ? limitAdvice(endpoint, asset) : null;

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    setNote(null);
    const result = await gen.assets.import({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
    setBusy(false);
    if (result.ok) onChange(result.value);
    else setProblem(result.error);
  };

  const downscale = async (to: number) => {
    if (!asset) return;
    setBusy(true);
    const result = await gen.assets.downscale({ id: asset.id, maxMegapixels: to });
    setBusy(false);
    if (!result.ok) return setProblem(result.error);
    onChange(result.value.asset);
    setNote(result.value);
  };

  return (
    <div className="asset-picker">
      {asset ? (
        <div className="asset-chosen">
          <img src={asset.thumbnailUrl} alt="" />
          <span>
            <span className="asset-name" translate="no">
              {asset.name}
            </span>
            <span className="muted small">
              {t('studio.asset.size', { width: String(asset.width), height: String(asset.height), mp: mp((asset.width * asset.height) / 1e6) })}
            </span>
          </span>
          <Button onClick={() => onChange(undefined)} aria-label={t('studio.asset.clearLabel', { field: label })}>
            {t('studio.asset.clear')}
          </Button>
        </div>
      ) : null}
      <FileButton className="asset-choose" accept={PICTURE_ACCEPT} label={t('studio.asset.chooseLabel', { field: label })} disabled={busy} onFiles={(files) => pick(files[0])}>
        {t(asset ? 'studio.asset.replace' : 'studio.asset.choose')}
      </FileButton>
      {advice?.kind === 'over' && (
        <p className="asset-advice">
          {t('studio.asset.over', { mp: mp(advice.megapixels), model: endpoint.title, max: text.number(advice.max) })}{' '}
          <Button disabled={busy} onClick={() => void downscale(advice.max)}>
            {t('studio.asset.downscale', { max: text.number(advice.max) })}
          </Button>
        </p>
      )}
      {advice?.kind === 'service-downscales' && (
        <p className="asset-advice">
          {t('studio.asset.serviceDownscales', { above: text.number(advice.above), to: text.number(advice.to) })}{' '}
          <Button disabled={busy} onClick={() => void downscale(advice.to)}>
            {t('studio.asset.downscaleHere', { to: text.number(advice.to) })}
          </Button>
        </p>
      )}
      {note && (
        <p className="inline-ok" role="status">
          {sayTold(text, note)}
        </p>
      )}
      {problem && (
        <p className="inline-error" role="alert">
          {sayTold(text, problem)}
        </p>
      )}
    </div>
  );
}
