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
import { useText } from '../../ui/i18n/textStore';
import './upscale.css';

const endpoint = getEndpoint(UPSCALE_ENDPOINT_ID);
const limits = VIDEO_UPSCALE_SOURCE;
const roundFactor = (v: number) => Math.round(Math.min(UPSCALE_FACTOR.max, Math.max(UPSCALE_FACTOR.min, v)) * 10) / 10;

function Source() {
  const { source, refused, checking } = useUpscaleStore();
  const text = useText();
  const { t } = text;
  const tenths = (n: number) => new Intl.NumberFormat(text.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);
  return (
    <section className="upscale-source" aria-label={t('studio.upscale.clip')}>
      <h3>{t('studio.upscale.clip')}</h3>
      {source ? (
        <div className="upscale-clip">
          {source.thumbnailUrl ? <img src={source.thumbnailUrl} alt="" /> : <video src={`${source.url}#t=0.5`} muted preload="metadata" aria-hidden="true" />}
          <div className="upscale-clip-text">
            <strong title={source.name} translate="no">
              {source.name}
            </strong>
            <span className="muted" aria-label={t('studio.upscale.clipFacts')}>
              {t('studio.upscale.facts', { width: String(source.width), height: String(source.height), seconds: tenths(source.seconds), megabytes: tenths(source.bytes / 1e6) })}
            </span>
            <span className="muted small">{t(source.from === 'result' ? 'studio.upscale.fromResult' : 'studio.upscale.fromFile')}</span>
          </div>
        </div>
      ) : (
        <p className="muted small">{t('studio.upscale.choosePrompt')}</p>
      )}
      <div className="button-row">
        <FileButton label={t('studio.upscale.chooseLabel')} accept="video/mp4,.mp4" size="sm" disabled={checking} onFiles={(files) => files[0] && chooseFile(files[0])}>
          {t(checking ? 'studio.upscale.checking' : source ? 'studio.upscale.chooseAnother' : 'studio.upscale.choose')}
        </FileButton>
        {source && (
          <Button size="sm" variant="link" onClick={clearSource}>
            {t('studio.upscale.remove')}
          </Button>
        )}
      </div>
      <p className="muted small" aria-label={t('studio.upscale.sourceLimits')}>
        {t('studio.upscale.limits', { seconds: limits.maxSeconds, megabytes: limits.maxBytes / 1e6, width: String(limits.maxWidth), height: String(limits.maxHeight) })}
      </p>
      {refused && (
        <div className="upscale-refused" role="alert" aria-label={t('studio.upscale.refused')}>
          <strong>{t('studio.upscale.notTaken', { name: refused.name })}</strong>
          <ul>
            {refused.problems(text).map((p) => (
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
  const text = useText();
  const { t } = text;
  if (!source)
    return (
      <p className="upscale-output muted" aria-label={t('studio.upscale.outputSize')}>
        {t('studio.upscale.outputWaits')}
      </p>
    );
  const out = upscaledFrameSize(source, factor);
  return (
    <p className="upscale-output" aria-label={t('studio.upscale.outputSize')}>
      {source.width} × {source.height} → <strong>{out.width} × {out.height}</strong> ({t('studio.upscale.frame', { mp: text.number(megapixels(out.width, out.height)) })})
      {out.capped && <span className="muted"> · {t('studio.upscale.held', { mp: text.number(limits.maxOutputMegapixels) })}</span>}
    </p>
  );
}

/** What the upscale is expected to cost: priced by the clip's length and the frame size it makes. */
function UpscaleEstimate() {
  const source = useUpscaleStore((s) => s.source);
  useCanvasStore((s) => s.document.formValues[UPSCALE_ENDPOINT_ID]);
  const estimate = useEstimate(currentUpscaleRequest(source));
  const text = useText();
  return (
    <p className="upscale-estimate muted" aria-label={text.t('studio.readout.cost')} data-cost={estimate?.cost ?? ''} data-basis={estimate?.basis ?? ''}>
      {source ? estimateText(estimate, 1, text) : text.t('studio.upscale.costWaits')}
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
  const text = useText();
  const { t } = text;
  const setValue = useCanvasStore.getState().setFormValue;
  return (
    <div className="upscale-panel">
      <Source />
      <section className="upscale-settings" aria-label={t('studio.upscale.settings')}>
        <div className="upscale-factor">
          <label htmlFor="upscale-factor-range">{t('studio.upscale.howMuch')}</label>
          <input
            id="upscale-factor-range"
            type="range"
            aria-label={t('studio.upscale.factor')}
            min={UPSCALE_FACTOR.min}
            max={UPSCALE_FACTOR.max}
            step={UPSCALE_FACTOR.step}
            value={settings.factor}
            onChange={(e) => setValue('upscale_factor', roundFactor(Number(e.target.value)))}
          />
          <NumberField label={t('studio.upscale.factorTimes')} value={settings.factor} integer={false} min={UPSCALE_FACTOR.min} max={UPSCALE_FACTOR.max} onCommit={(v) => setValue('upscale_factor', roundFactor(v))} className="upscale-factor-number" />
          <span className="muted">×</span>
        </div>
        <div className="segmented" role="radiogroup" aria-label={t('studio.upscale.detail')}>
          {([true, false] as const).map((creative) => (
            <button
              key={String(creative)}
              type="button"
              role="radio"
              aria-checked={settings.creative === creative}
              className={`segment${settings.creative === creative ? ' on' : ''}`}
              title={t(creative ? 'studio.upscale.creativeTitle' : 'studio.upscale.preciseTitle')}
              onClick={() => setValue('creativity', creative ? 1 : 0)}
            >
              {t(creative ? 'studio.upscale.creative' : 'studio.upscale.precise')}
            </button>
          ))}
        </div>
        <p className="muted small">{t(settings.creative ? 'studio.upscale.creativeNote' : 'studio.upscale.preciseNote')}</p>
        <EndpointForm endpoint={endpoint} values={values ?? {}} issues={[]} onChange={(name, value) => setValue(name, value)} hide={(f) => f.name !== 'prompt'} showInferred={false} />
        <OutputSize factor={settings.factor} />
      </section>
      <div className="generate-dock">
        <UpscaleEstimate />
        <div className="generate-row">
          <Button variant="primary" className="generate-button" aria-label={t('studio.upscale.button')} disabled={busy} onClick={() => void sendUpscale()}>
            {t(busy ? 'studio.sending' : 'studio.upscale.button')}
          </Button>
        </div>
      </div>
      {note && (
        <p className={note.kind === 'error' ? 'inline-error' : 'inline-ok'} role={note.kind === 'error' ? 'alert' : 'status'} aria-label={t('studio.upscale.message')}>
          {note.text(text)}
        </p>
      )}
    </div>
  );
}
