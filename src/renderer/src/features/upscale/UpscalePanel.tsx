import { upscaledFrameSize, VIDEO_UPSCALE_SOURCE } from '../../../../shared/catalog/video';
import { getEndpoint } from '../../../../shared/catalog/catalog';
import { megapixels } from '../../../../shared/media/imageHeader';
import { UPSCALE_ENDPOINT_ID, UPSCALE_FACTOR } from '../../../../shared/video/upscale';
import { Button } from '../../ui/Button';
import { FileButton } from '../../ui/FileButton';
import { NumberField } from '../../ui/NumberField';
import { useCanvasStore } from '../canvas/canvasStore';
import { EndpointForm } from '../forms/EndpointForm';
import { chooseFile, clearSource } from './upscaleSource';
import { currentUpscaleRequest, sendUpscale, upscaleSettings } from './sendUpscale';
import { useEstimate } from '../estimate/estimate';
import { estimateText } from '../estimate/estimateText';
import { useUpscaleStore } from './upscaleStore';
import './upscale.css';

const endpoint = getEndpoint(UPSCALE_ENDPOINT_ID);
const limits = VIDEO_UPSCALE_SOURCE;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const roundFactor = (v: number) => Math.round(Math.min(UPSCALE_FACTOR.max, Math.max(UPSCALE_FACTOR.min, v)) * 10) / 10;

function Source() {
  const { source, refused, checking } = useUpscaleStore();
  return (
    <section className="upscale-source" aria-label="The clip">
      <h4>The clip</h4>
      {source ? (
        <div className="upscale-clip">
          {source.thumbnailUrl ? <img src={source.thumbnailUrl} alt="" /> : <video src={`${source.url}#t=0.5`} muted preload="metadata" aria-hidden="true" />}
          <div className="upscale-clip-text">
            <strong title={source.name}>{source.name}</strong>
            <span className="muted" aria-label="Clip facts">
              {source.width} × {source.height} · {source.seconds.toFixed(1)} s · {mb(source.bytes)}
            </span>
            <span className="muted small">{source.from === 'result' ? 'A previous result' : 'From a file'}</span>
          </div>
        </div>
      ) : (
        <p className="muted small">Choose a video file, or press “Upscale…” on a video result in the results strip or the gallery.</p>
      )}
      <div className="button-row">
        <FileButton label="Choose a clip to upscale" accept="video/mp4,.mp4" size="sm" disabled={checking} onFiles={(files) => files[0] && chooseFile(files[0])}>
          {checking ? 'Checking…' : source ? 'Choose another clip…' : 'Choose a clip…'}
        </FileButton>
        {source && (
          <Button size="sm" variant="link" onClick={clearSource}>
            Remove
          </Button>
        )}
      </div>
      <p className="muted small" aria-label="Source limits">
        Clips up to {limits.maxSeconds} s, {limits.maxBytes / 1e6} MB and {limits.maxWidth} × {limits.maxHeight}.
      </p>
      {refused && (
        <div className="upscale-refused" role="alert" aria-label="Clip refused">
          <strong>{refused.name} was not taken; nothing was sent.</strong>
          <ul>
            {refused.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/** The frame size the upscale makes: the source times the factor, held near 14.4 MP a frame as the service does. */
function OutputSize({ factor }: { factor: number }) {
  const source = useUpscaleStore((s) => s.source);
  if (!source) return <p className="upscale-output muted" aria-label="Output frame size">Choose a clip to see the frame size it makes.</p>;
  const out = upscaledFrameSize(source, factor);
  return (
    <p className="upscale-output" aria-label="Output frame size">
      {source.width} × {source.height} → <strong>{out.width} × {out.height}</strong> ({megapixels(out.width, out.height)} MP a frame)
      {out.capped && <span className="muted"> · held near {limits.maxOutputMegapixels} MP, the most the service makes</span>}
    </p>
  );
}

/** What the upscale is expected to cost: priced by the clip's length and the frame size it makes. */
function UpscaleEstimate() {
  const source = useUpscaleStore((s) => s.source);
  useCanvasStore((s) => s.document.formValues[UPSCALE_ENDPOINT_ID]);
  const estimate = useEstimate(currentUpscaleRequest(source));
  return (
    <p className="upscale-estimate muted" aria-label="Estimated cost" data-cost={estimate?.cost ?? ''} data-basis={estimate?.basis ?? ''}>
      {source ? estimateText(estimate, 1) : 'Choose a clip to see what it costs.'}
    </p>
  );
}

/**
 * The Upscale video panel: the clip (a file or a previous result, checked against the source limits when it is
 * chosen), how much larger, precise or creative, an optional prompt, the frame size it makes, and Upscale.
 */
export function UpscalePanel() {
  const values = useCanvasStore((s) => s.document.formValues[UPSCALE_ENDPOINT_ID]);
  const settings = upscaleSettings(values);
  const { busy, note } = useUpscaleStore();
  const setValue = useCanvasStore.getState().setFormValue;
  return (
    <div className="upscale-panel">
      <Source />
      <section className="upscale-settings" aria-label="Upscale settings">
        <div className="upscale-factor">
          <label htmlFor="upscale-factor-range">How much larger</label>
          <input
            id="upscale-factor-range"
            type="range"
            aria-label="Upscale factor"
            min={UPSCALE_FACTOR.min}
            max={UPSCALE_FACTOR.max}
            step={UPSCALE_FACTOR.step}
            value={settings.factor}
            onChange={(e) => setValue('upscale_factor', roundFactor(Number(e.target.value)))}
          />
          <NumberField label="Upscale factor (times)" value={settings.factor} integer={false} min={UPSCALE_FACTOR.min} max={UPSCALE_FACTOR.max} onCommit={(v) => setValue('upscale_factor', roundFactor(v))} className="upscale-factor-number" />
          <span className="muted">×</span>
        </div>
        <div className="segmented" role="radiogroup" aria-label="Detail">
          {([true, false] as const).map((creative) => (
            <button
              key={String(creative)}
              type="button"
              role="radio"
              aria-checked={settings.creative === creative}
              className={`segment${settings.creative === creative ? ' on' : ''}`}
              title={creative ? 'Invents fine detail where the clip has none' : 'Stays close to the clip; adds no detail of its own'}
              onClick={() => setValue('creativity', creative ? 1 : 0)}
            >
              {creative ? 'Creative' : 'Precise'}
            </button>
          ))}
        </div>
        <p className="muted small">{settings.creative ? 'Creative adds fine detail the clip does not have.' : 'Precise stays faithful to the clip.'}</p>
        <EndpointForm endpoint={endpoint} values={values ?? {}} issues={[]} onChange={(name, value) => setValue(name, value)} hide={(f) => f.name !== 'prompt'} showInferred={false} />
        <OutputSize factor={settings.factor} />
      </section>
      <div className="generate-dock">
        <UpscaleEstimate />
        <div className="generate-row">
          <Button variant="primary" className="generate-button" aria-label="Upscale" disabled={busy} onClick={() => void sendUpscale()}>
            {busy ? 'Sending…' : 'Upscale'}
          </Button>
        </div>
      </div>
      {note && (
        <p className={note.kind === 'error' ? 'inline-error' : 'inline-ok'} role={note.kind === 'error' ? 'alert' : 'status'} aria-label="Upscale message">
          {note.text}
        </p>
      )}
    </div>
  );
}
