import { memo, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { CanvasDocument } from '../../../../shared/canvas/document';
import type { TaskRequest } from '../../../../shared/tasks/taskRequest';
import { canvasRequest, documentUse, expandedSize, isCanvasField } from '../../../../shared/canvas/request';
import type { EndpointSpec } from '../../../../shared/catalog/endpoint';
import type { FieldSpec, JsonValue } from '../../../../shared/catalog/field';
import { expectedOutputSize } from '../../../../shared/catalog/outputSize';
import { MAX_VARIATIONS } from '../../../../shared/ipc/contract';
import { megapixels } from '../../../../shared/media/imageHeader';
import { intentFor } from '../../../../shared/studio/intents';
import { takesSeed } from '../../../../shared/studio/variations';
import { validateTaskRequest } from '../../../../shared/tasks/taskRequest';
import { useConnectionStore } from '../../store/connectionStore';
import { selectActiveConnection } from '../../store/selectors';
import { useTaskStore } from '../../store/taskStore';
import { Button } from '../../ui/Button';
import { NumberField } from '../../ui/NumberField';
import { listen } from '../../ui/listen';
import { selectEndpoint, useCanvasStore } from '../canvas/canvasStore';
import { useExportedMask } from '../canvas/maskExport';
import { useEditGesture } from '../canvas/panels/editGesture';
import { EndpointForm } from '../forms/EndpointForm';
import { VideoPanel } from '../video/VideoPanel';
import { costText, stateLabel } from '../../text/taskText';
import { useText } from '../../ui/i18n/textStore';
import type { AppText } from '../../../../shared/i18n/text';
import { useEstimate } from '../estimate/estimate';
import { estimateText } from '../estimate/estimateText';
import { generate, pictureWanted, rerun } from './generate';
import { inputsText } from './inputsText';
import { RequestView } from './RequestView';
import { noticeFor, useStudioStore } from '../../store/studioStore';
import { useProjectStore } from '../canvas/project/projectStore';
import { UPSCALE_ENDPOINT_ID, upscaleRequest } from '../../../../shared/video/upscale';
import { upscaleSettings } from '../upscale/sendUpscale';
import { UpscalePanel } from '../upscale/UpscalePanel';
import { useUpscaleStore } from '../upscale/upscaleStore';
import { IntentPicker, ModelPicker } from './IntentAndModel';
import { SeedControl } from './SeedControl';
import './studio.css';

const isMac = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform);

/** Which image of the request is which, in words, for the request view and the prompt's image numbers. */
function inputLabels(endpoint: EndpointSpec, use: ReturnType<typeof documentUse>, text: AppText): Record<string, string> {
  const { t } = text;
  const labels: Record<string, string> = {};
  const offset = use.pictureFirst ? 2 : 1;
  if (use.imageField) labels[use.imageField] = t(use.pictureFirst ? 'studio.input.pictureFirst' : endpoint.fields.some((f) => f.role === 'person') ? 'studio.input.person' : 'studio.input.picture');
  if (use.maskField) labels[use.maskField] = t('studio.input.mask');
  use.referenceFields.forEach((f, i) => {
    labels[f] = endpoint.fields.some((x) => x.name === f && x.role === 'garment') ? t('studio.input.garment') : t('studio.input.reference', { image: i + offset, reference: i + 1 });
  });
  return labels;
}

function Readout({ endpoint, document, request, count }: { endpoint: EndpointSpec; document: CanvasDocument; request: TaskRequest; count: number }) {
  const estimate = useEstimate(request);
  const connection = useConnectionStore(selectActiveConnection);
  const text = useText();
  const { t } = text;
  const use = documentUse(endpoint, document);
  const size = use.expandSides.length > 0 ? expandedSize(document) : expectedOutputSize(endpoint, request.params, document.base && use.imageField ? { [use.imageField]: document.base, image: document.base } : {});
  return (
    <ul className="generate-readout" aria-label={t('studio.readout')}>
      <li aria-label={t('studio.readout.cost')} data-cost={estimate?.cost ?? ''} data-basis={estimate?.basis ?? ''}>
        {estimateText(estimate, count, text)}
      </li>
      <li aria-label={t('studio.readout.size')}>
        {inputsText(document, use, request.inputs, text)} ·{' '}
        {size ? t(count > 1 ? 'studio.readout.outEach' : 'studio.readout.out', { width: String(size.width), height: String(size.height), mp: text.number(megapixels(size.width, size.height)) }) : t('studio.readout.outByService')}
      </li>
      <li aria-label={t('studio.readout.connection')}>{connection ? t(connection.kind === 'sandbox' ? 'studio.readout.toSandbox' : 'studio.readout.to', { connection: connection.label }) : t('studio.readout.noConnection')}</li>
    </ul>
  );
}

/** This model's last Generate: its variations, re-rendered when one of them changes, not on every task's poll. */
const LastRun = memo(function LastRun({ endpointId }: { endpointId: string }) {
  const groupId = useStudioStore((s) => s.lastGroups[endpointId] ?? null);
  const group = useTaskStore(
    useShallow((s) =>
      groupId === null
        ? []
        : Object.values(s.tasks)
            .filter((t) => t.group?.id === groupId)
            .sort((a, b) => (a.group?.index ?? 0) - (b.group?.index ?? 0)),
    ),
  );
  const text = useText();
  const { t } = text;
  if (group.length === 0) return null;
  return (
    <section className="last-run" aria-label={t('studio.lastRun')}>
      <h3>{t('studio.lastRun')}</h3>
      <ol className="run-list">
        {group.map((task) => (
          <li key={task.id} aria-label={t('studio.variation', { number: (task.group?.index ?? 0) + 1 })} className={`run-item state-${task.state}`}>
            <span>#{(task.group?.index ?? 0) + 1}</span>
            {typeof task.params.seed === 'number' && <span className="seed">{t('studio.variation.seed', { seed: String(task.params.seed) })}</span>}
            <span className="run-state">
              {stateLabel(task.state, text)}
              {/* What the service said of it (moderation's reasons, its error) is the service's, as it said it. */}
              {task.moderationReasons.length > 0 || task.error ? ': ' : ''}
              <span translate="no">{task.moderationReasons.length > 0 ? task.moderationReasons.join(', ') : (task.error?.message ?? '')}</span>
            </span>
            {costText(task, text) !== null && (
              <span className="muted" aria-label={t('studio.charged')}>
                {costText(task, text)}
              </span>
            )}
            {typeof task.params.seed === 'number' && task.endpointId === endpointId && (
              <Button variant="link" size="sm" className="rerun" aria-label={t('studio.rerun.label', { number: (task.group?.index ?? 0) + 1, seed: String(task.params.seed) })} title={t('studio.rerun.title')} onClick={() => void rerun(task.params.seed as number)}>
                {t('studio.rerun')}
              </Button>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
});

/** What the studio said about this model: what a switch left unused, or why Generate sent nothing. */
const PanelNotice = memo(function PanelNotice({ endpointId }: { endpointId: string }) {
  const notice = useStudioStore((s) => noticeFor(s, endpointId));
  const text = useText();
  const { t } = text;
  if (!notice) return null;
  return (
    <p className={`studio-notice ${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'} aria-label={t('studio.notice')}>
      <span>{notice.text(text)}</span>
      <Button variant="link" aria-label={t('studio.notice.dismissLabel')} onClick={() => useStudioStore.getState().say(null)}>
        {t('studio.notice.dismiss')}
      </Button>
    </p>
  );
});

/** Variations, Draft and Generate; `blocked` says why Generate waits (no picture to send), and blocks it. */
function GenerateButtons({ video, blocked }: { video: boolean; blocked: string | null }) {
  const variations = useStudioStore((s) => s.variations);
  const sending = useStudioStore((s) => s.busy);
  const busy = sending || blocked !== null;
  const { t } = useText();
  return (
    <>
      {blocked && (
        <p className="muted small" role="note" aria-label={t('studio.waits')}>
          {blocked}
        </p>
      )}
      <div className="generate-row">
        <NumberField className="variations" label={t('studio.variations')} hideLabel={false} min={1} max={MAX_VARIATIONS} value={variations} onCommit={(n) => useStudioStore.getState().setVariations(n)} />
        {video && (
          <Button disabled={busy} title={t('studio.draft.title')} onClick={() => void generate({ draft: true })}>
            {t('studio.draft')}
          </Button>
        )}
        {/* Named by what it shows ("Generate 4"); the shortcut is spoken from aria-keyshortcuts, not read as text. */}
        <Button variant="primary" className="generate-button" aria-keyshortcuts={isMac ? 'Meta+Enter' : 'Control+Enter'} disabled={busy} onClick={() => void generate()}>
          {sending ? t('studio.sending') : variations > 1 ? t('studio.generateCount', { count: variations }) : t('studio.generate')}
          <kbd aria-hidden="true">{t('studio.shortcut', { mac: isMac ? 'yes' : 'no' })}</kbd>
        </Button>
      </div>
    </>
  );
}

/**
 * The request the panel shows and Generate sends, and its problems: rebuilt when the document, the exported mask
 * or the upscale clip changes.
 */
function useShownRequest(endpoint: EndpointSpec, document: CanvasDocument): { request: TaskRequest; issues: ReturnType<typeof validateTaskRequest> } {
  const exported = useExportedMask();
  const attempted = useStudioStore((s) => s.attempted.has(endpoint.id));
  const upscaleSource = useUpscaleStore((s) => s.source);
  const upscale = endpoint.id === UPSCALE_ENDPOINT_ID;
  const request = useMemo(
    () => (upscale && upscaleSource ? upscaleRequest(upscaleSettings(document.formValues[UPSCALE_ENDPOINT_ID]), upscaleSource.assetId) : canvasRequest(endpoint, document, exported)),
    [upscale, upscaleSource, endpoint, document, exported],
  );
  const issues = useMemo(() => {
    const base = document.base;
    const all = validateTaskRequest(endpoint, request, () => (base ? { width: base.width, height: base.height, hasAlpha: true, bytes: 0 } : undefined));
    // "Field required" waits until the artist tried to generate; a value out of range shows as it is typed.
    return all.filter((i) => !isCanvasField(endpoint, String(i.loc[1] ?? '')) && (i.type !== 'missing' || attempted));
  }, [endpoint, request, document.base, attempted]);
  return { request, issues };
}

/** Everything of the panel that reads the document: the form, Generate and its readout, the request. */
function GenerateBody({ endpoint }: { endpoint: EndpointSpec }) {
  const document = useCanvasStore((s) => s.document);
  const variations = useStudioStore((s) => s.variations);
  const [showRequest, setShowRequest] = useState(false);
  const text = useText();
  const { t } = text;
  const { request, issues } = useShownRequest(endpoint, document);
  const use = documentUse(endpoint, document);
  const values = document.formValues[endpoint.id] ?? {};
  const gesture = useEditGesture(t('studio.editSettings', { model: endpoint.title }));
  // Upscale video sends a clip the panel holds, not the canvas.
  const upscale = endpoint.id === UPSCALE_ENDPOINT_ID;

  const onChange = (name: string, value: JsonValue | undefined) => {
    useStudioStore.getState().changed(endpoint, name, value);
    useCanvasStore.getState().setFormValue(name, value);
  };
  const isPrompt = (f: FieldSpec) => f.role === 'prompt';
  // The video panel holds the video model's mode, frame size and length in the artist's words.
  const inVideoPanel = (f: FieldSpec) => use.modeField !== null && (f.role === 'video-mode' || f.role === 'resolution' || f.name === use.durationField);
  const essential = (f: FieldSpec) => f.group === 'main' && !isPrompt(f) && !isCanvasField(endpoint, f.name) && f.type !== 'keyframes' && f.type !== 'video' && !inVideoPanel(f);
  const later = (f: FieldSpec) => f.group !== 'main';
  const issuesFor = (pick: (f: FieldSpec) => boolean) => issues.filter((i) => endpoint.fields.some((f) => f.name === i.loc[1] && pick(f)));
  const seeded = takesSeed(endpoint);
  const note = variations > 1 && seeded ? (typeof values.seed === 'number' ? t('studio.seedsNoteFrom', { count: variations, seed: String(values.seed) }) : t('studio.seedsNote', { count: variations })) : undefined;

  return (
    <>
      {upscale ? (
        <UpscalePanel />
      ) : (
        <>
          <div className="studio-form" onFocus={gesture.onFocus} onBlur={gesture.onBlur}>
            {endpoint.fields.some(isPrompt) && <EndpointForm endpoint={endpoint} values={values} issues={issuesFor(isPrompt)} onChange={onChange} hide={(f) => !isPrompt(f)} showInferred={false} />}
            {use.pictureFirst && document.references.length > 0 && (
              <p className="muted small" role="note" aria-label={t('studio.imageNumbers')}>
                {t('studio.imageNumbers.note', { last: document.references.slice(0, use.referenceFields.length).length + 1 })}
              </p>
            )}
            {use.modeField && <VideoPanel />}
            {endpoint.fields.some(essential) && <EndpointForm endpoint={endpoint} values={values} issues={issuesFor(essential)} onChange={onChange} hide={(f) => !essential(f)} showInferred={false} />}
          </div>
          {/* Generate and its price stay in view at the panel's foot however long the form above grows. */}
          <div className="generate-dock">
            <SeedControl endpoint={endpoint} />
            <GenerateButtons video={use.modeField !== null} blocked={pictureWanted(endpoint, document, text)} />
            <Readout endpoint={endpoint} document={document} request={request} count={variations} />
          </div>
        </>
      )}
      <PanelNotice endpointId={endpoint.id} />
      <LastRun endpointId={endpoint.id} />
      <div className="studio-form" onFocus={gesture.onFocus} onBlur={gesture.onBlur}>
        {endpoint.fields.some(later) && <EndpointForm endpoint={endpoint} values={values} issues={issuesFor(later)} onChange={onChange} hide={(f) => !later(f)} showInferred={false} />}
      </div>
      <label className="show-request">
        <input type="checkbox" checked={showRequest} onChange={(e) => setShowRequest(e.target.checked)} /> {t('studio.showRequest')}
      </label>
      {showRequest && <RequestView request={request} labels={inputLabels(endpoint, use, text)} note={note} />}
    </>
  );
}

/** Puts the focus in the prompt (or on the first field a model without one has) when Start asked for it, once the project has opened. */
function usePromptFocus(panel: RefObject<HTMLElement | null>, endpointId: string): void {
  const wanted = useStudioStore((s) => s.promptWanted);
  const loading = useProjectStore((s) => s.status === 'loading');
  useEffect(() => {
    if (!wanted || loading) return;
    const field = panel.current?.querySelector<HTMLElement>('.studio-form textarea, .upscale-panel textarea, .studio-form input:not([type=hidden])');
    field?.focus();
    useStudioStore.getState().wantPrompt(false);
  }, [panel, wanted, loading, endpointId]);
}

/**
 * The generate panel: what to do and with which model, the prompt and the essential fields, then Generate with
 * its variations, cost, megapixels and connection; advanced fields and the request folded below. Each part
 * selects what it shows: the pickers render again on a switch only, the body when the document changes.
 */
export function StudioPanel() {
  const endpoint = useCanvasStore(selectEndpoint);
  const intentId = useCanvasStore((s) => intentFor(s.document.intent, s.document.endpointId).id);
  const panel = useRef<HTMLElement>(null);
  const { t } = useText();
  usePromptFocus(panel, endpoint.id);

  useEffect(
    () =>
      listen('keydown', (e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.repeat) {
          e.preventDefault();
          void generate();
        }
      }),
    [],
  );

  return (
    <section ref={panel} className="studio-panel canvas-panel" aria-label={t('studio.panel')} data-endpoint={endpoint.id}>
      <IntentPicker current={intentId} />
      <ModelPicker endpoint={endpoint} intentId={intentId} />
      <GenerateBody endpoint={endpoint} />
    </section>
  );
}
