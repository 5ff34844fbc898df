import type { EndpointSpec } from '../../../../shared/catalog/endpoint';
import { INTENTS, intentModels } from '../../../../shared/studio/intents';
import { limitsSentence, modelLimits } from './modelFacts';
import { switchIntent, switchModel } from './switchModel';

/** What to do (the intents) and with which model: the top of the generate panel, rendered again on a switch only. */

export function IntentPicker({ current }: { current: string }) {
  return (
    <div className="intent-picker" role="radiogroup" aria-label="What to do">
      {INTENTS.map((i) => (
        <button key={i.id} type="button" role="radio" aria-checked={i.id === current} className={`intent${i.id === current ? ' active' : ''}`} title={i.description} onClick={() => switchIntent(i.id)}>
          {i.label}
        </button>
      ))}
    </div>
  );
}

export function ModelPicker({ endpoint, intentId }: { endpoint: EndpointSpec; intentId: string }) {
  const intent = INTENTS.find((i) => i.id === intentId)!;
  const models = intentModels(intent);
  const limits = limitsSentence(modelLimits(endpoint, intent));
  return (
    <div className="model-picker">
      <p className="intent-description">{intent.description}</p>
      {models.length > 1 ? (
        <label className="model-select">
          Model
          <select className="field-input" aria-label="Model" value={endpoint.id} onChange={(e) => switchModel(e.target.value, intent.id)}>
            {models.map((m) => (
              <option key={m.id} value={m.id}>
                {m.title}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <p className="model-single" aria-label="Model">
          {endpoint.title}
        </p>
      )}
      <p className="model-summary" aria-label="About this model">
        {endpoint.summary}.{limits ? ` ${limits}` : ''}
      </p>
      {(endpoint.inferred !== undefined || endpoint.inferredPath !== undefined) && (
        <p className="model-summary" role="note" aria-label="About the request">
          The service’s guide names this model without spelling out its request: Gen Studio sends the likeliest one, and if the service refuses it, says why.
        </p>
      )}
    </div>
  );
}
