import { PICTURE_ACCEPT } from '../../../../shared/layers/layeredFiles';
import { useState } from 'react';
import type { EndpointSpec } from '../../../../shared/catalog/endpoint';
import type { FieldSpec } from '../../../../shared/catalog/field';
import type { AssetInfo } from '../../../../shared/ipc/contract';
import { gen } from '../../api';
import { labelFor } from '../forms/fieldModel';
import { limitAdvice } from './generateModel';
import { Button } from '../../ui/Button';
import { FileButton } from '../../ui/FileButton';

const mp = (a: Pick<AssetInfo, 'width' | 'height'>) => ((a.width * a.height) / 1e6).toFixed(1);

/**
 * Picks an image for one field: the file goes to main's asset store as bytes (never as text), and the field
 * holds its asset id. An image over the endpoint's limit can be downscaled here, saying what changed.
 */
export function AssetPicker({ endpoint, field, asset, onChange }: { endpoint: EndpointSpec; field: FieldSpec; asset: AssetInfo | undefined; onChange: (asset: AssetInfo | undefined) => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const advice = asset ? limitAdvice(endpoint, asset) : null;

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    setNote(null);
    const result = await gen.assets.import({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
    setBusy(false);
    if (result.ok) onChange(result.value);
    else setProblem(result.error.message);
  };

  const downscale = async (to: number) => {
    if (!asset) return;
    setBusy(true);
    const result = await gen.assets.downscale({ id: asset.id, maxMegapixels: to });
    setBusy(false);
    if (!result.ok) return setProblem(result.error.message);
    onChange(result.value.asset);
    setNote(result.value.message);
  };

  return (
    <div className="asset-picker">
      {asset ? (
        <div className="asset-chosen">
          <img src={asset.thumbnailUrl} alt="" />
          <span>
            <span className="asset-name">{asset.name}</span>
            <span className="muted small">
              {asset.width} × {asset.height} · {mp(asset)} MP
            </span>
          </span>
          <Button onClick={() => onChange(undefined)} aria-label={`Clear ${labelFor(field)}`}>
            Clear
          </Button>
        </div>
      ) : null}
      <FileButton className="asset-choose" accept={PICTURE_ACCEPT} label={`Choose ${labelFor(field)}`} disabled={busy} onFiles={(files) => pick(files[0])}>
        {asset ? 'Replace…' : 'Choose image…'}
      </FileButton>
      {advice?.kind === 'over' && (
        <p className="asset-advice">
          This image is {advice.megapixels.toFixed(1)} MP; {endpoint.title} takes up to {advice.max} MP.{' '}
          <Button disabled={busy} onClick={() => void downscale(advice.max)}>
            Downscale to {advice.max} MP
          </Button>
        </p>
      )}
      {advice?.kind === 'service-downscales' && (
        <p className="asset-advice">
          The service downscales images over {advice.above} MP to about {advice.to} MP.{' '}
          <Button disabled={busy} onClick={() => void downscale(advice.to)}>
            Downscale here to {advice.to} MP
          </Button>
        </p>
      )}
      {note && (
        <p className="inline-ok" role="status">
          {note}
        </p>
      )}
      {problem && (
        <p className="inline-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
