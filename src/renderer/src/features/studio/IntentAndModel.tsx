import type { EndpointSpec } from '../../../../shared/catalog/endpoint';
import { INTENTS, intentModels } from '../../../../shared/studio/intents';
import { INTENT_WORDS } from '../../text/intentWords';
import { useText } from '../../ui/i18n/textStore';
import { modelLimits } from './modelFacts';
import { MODEL_SUMMARIES } from './modelWords';
import { switchIntent, switchModel } from './switchModel';

/** What to do (the intents) and with which model: the top of the generate panel, rendered again on a switch only. */

export function IntentPicker({ current }: { current: string }) {
  const { t } = useText();
  return (
    <div className="intent-picker" role="radiogroup" aria-label={t('studio.intents')}>
      {INTENTS.map((i) => (
        <button key={i.id} type="button" role="radio" aria-checked={i.id === current} data-intent={i.id} className={`intent${i.id === current ? ' active' : ''}`} title={t(INTENT_WORDS[i.id].description)} onClick={() => switchIntent(i.id)}>
          {t(INTENT_WORDS[i.id].label)}
        </button>
      ))}
    </div>
  );
}

export function ModelPicker({ endpoint, intentId }: { endpoint: EndpointSpec; intentId: string }) {
  const text = useText();
  const { t } = text;
  const intent = INTENTS.find((i) => i.id === intentId)!;
  const models = intentModels(intent);
  const limits = modelLimits(endpoint, intent, text);
  const summary = MODEL_SUMMARIES[endpoint.id];
  return (
    <div className="model-picker">
      <p className="intent-description">{t(INTENT_WORDS[intent.id].description)}</p>
      {models.length > 1 ? (
        <label className="model-select">
          {t('studio.model')}
          {/* Model names are product names: they stay as they are in every language. */}
          <select className="field-input" aria-label={t('studio.model')} value={endpoint.id} onChange={(e) => switchModel(e.target.value, intent.id)}>
            {models.map((m) => (
              <option key={m.id} value={m.id} translate="no">
                {m.title}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <p className="model-single" aria-label={t('studio.model')} translate="no">
          {endpoint.title}
        </p>
      )}
      <p className="model-summary" aria-label={t('studio.aboutModel')}>
        {summary ? t(summary) : <span translate="no">{endpoint.summary}</span>}
        {/* Each limit is a fact of its own, set apart as the rest of the panel sets facts apart. */}
        {limits.length > 0 && ` ${limits.join(' · ')}`}
      </p>
      {(endpoint.inferred !== undefined || endpoint.inferredPath !== undefined) && (
        <p className="model-summary" role="note" aria-label={t('studio.aboutRequest')}>
          {t('studio.inferredRequest')}
        </p>
      )}
    </div>
  );
}
