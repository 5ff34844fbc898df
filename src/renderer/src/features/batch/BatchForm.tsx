import { isLayeredName } from '../../../../shared/layers/layeredFiles';
import { useMemo, useState } from 'react';
import { BATCH_TOOL_WORDS, BATCH_TOOLS, batchToolKey, planBatch, SOCIAL_FORMATS, type BatchAsk, type BatchFormat, type BatchPicture, type BatchTool } from '../../../../shared/batch/plan';
import { findEndpoint } from '../../../../shared/catalog/catalog';
import { sayCapRefusal } from '../../../../shared/spending/capRefusalSaid';
import { say, sayTold } from '../../../../shared/i18n/say';
import type { Saying } from '../../ui/i18n/saying';
import type { BatchInfo } from '../../../../shared/ipc/contract';
import { gen } from '../../api';
import { notSentText } from '../../store/sendTasks';
import { useAnswer } from '../../store/useAnswer';
import { Button, buttonClass } from '../../ui/Button';
import { FileButton, type FileButtonProps } from '../../ui/FileButton';
import type { MessageId } from '../../../../shared/i18n/catalog';
import { useText } from '../../ui/i18n/textStore';
import { batchDraft, missingWhat, useBatchDraft } from './batchDraftStore';

/** Aspect ratios offered besides the social formats, named as the files are ("9x16"). */
const RATIOS: readonly BatchFormat[] = [
  { label: '1x1', ratioW: 1, ratioH: 1 },
  { label: '4x5', ratioW: 4, ratioH: 5 },
  { label: '9x16', ratioW: 9, ratioH: 16 },
  { label: '16x9', ratioW: 16, ratioH: 9 },
  { label: '3x2', ratioW: 3, ratioH: 2 },
];

/** A tool as the selects of `batch.tool.label` and `batch.tool.hint` name it. */

/** A social format as the select of `batch.format` names it: "square-post" → "squarePost". */
const formatKey = (label: string): string => label.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/** Every shape Expand offers: the plain ratios, then the social formats. */
const ALL_FORMATS: readonly BatchFormat[] = [...RATIOS, ...SOCIAL_FORMATS];

const askQuote = ({ outputFolder: _folder, ...spec }: BatchAsk) => gen.batch.quote({ spec });

/** Stores a chosen file as an asset and reads its size; a file that is not a picture says so. */
async function importPicture(file: File): Promise<BatchPicture | Saying> {
  const r = await gen.assets.import({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
  if (!r.ok) {
    const { error } = r;
    return (text) => text.t('batch.fileProblem', { name: file.name, problem: sayTold(text, error) });
  }
  return { assetId: r.value.id, name: file.name, width: r.value.width, height: r.value.height };
}

async function importAll(files: readonly File[]): Promise<{ pictures: BatchPicture[]; problems: Saying[] }> {
  const pictures: BatchPicture[] = [];
  const problems: Saying[] = [];
  for (const file of files) {
    if (file.type && !file.type.startsWith('image/') && !isLayeredName(file.name)) continue;
    const got = await importPicture(file);
    if (typeof got === 'function') problems.push(got);
    else pictures.push(got);
  }
  return { pictures, problems };
}

/** The file types a picture may be. */
const PICTURE_TYPES = 'image/png,image/jpeg,image/webp';

/** A button that chooses one picture (the mask, the person or garment), and the name of the one chosen. */
function OnePicture({ label, button, accept, chosen, onFiles }: { label: MessageId; button: MessageId; accept: string; chosen: BatchPicture | null; onFiles: FileButtonProps['onFiles'] }) {
  const text = useText();
  return (
    <div className="batch-row">
      <FileButton label={text.t(label)} accept={accept} onFiles={onFiles}>
        {text.t(button)}
      </FileButton>
      {chosen ? <small translate="no">{chosen.name}</small> : <small>{text.t('batch.noneYet')}</small>}
    </div>
  );
}

/** Choosing the pictures, the tool and its model, the folder; the count, the total and the caps before Run. */
export function BatchForm({ onStarted }: { onStarted: (batch: BatchInfo) => void }) {
  // Long (over 80 lines) for its markup (about 140 of its lines): the tool and its settings, the pictures and folders
  // chosen, the mask, the output folder and the batch's summary.
  // The draft outlives the screen (the gallery adds to it too); only the quote and the busy state are this form's.
  const { pictures, tool, endpointId, mask, partner, picturesAre, formats, prompt, outputFolder, problems } = useBatchDraft();
  const [busy, setBusy] = useState(false);
  const text = useText();

  // A new spec only when a part of the batch changes (the draft's parts keep their identity until then), so it is
  // planned and priced once per change of batch.
  const spec = useMemo(
    (): BatchAsk | null =>
      outputFolder
        ? { tool, endpointId, pictures: [...pictures], mask, partner, picturesAre, formats: ALL_FORMATS.filter((f) => formats.includes(f.label)).map(({ label, ratioW, ratioH }) => ({ label, ratioW, ratioH })), prompt, outputFolder: outputFolder.handle }
        : null,
    [tool, endpointId, pictures, mask, partner, picturesAre, formats, prompt, outputFolder],
  );
  const planned = useMemo(() => (spec && spec.pictures.length > 0 ? planBatch(spec) : null), [spec]);
  // A quote answers the batch as it was asked; a changed batch waits for its own.
  const quote = useAnswer(planned?.ok ? spec : null, askQuote);
  // Said once pictures are chosen (before, the empty side says it); with nothing to say there is no box at all.
  const what = pictures.length > 0 ? missingWhat({ pictures, outputFolder }) : null;
  const missing = what && text.t('batch.missing', { what });

  const add = async (files: File[]) => {
    setBusy(true);
    const got = await importAll(files);
    batchDraft.add(got.pictures, got.problems);
    setBusy(false);
  };
  const one = (set: (p: BatchPicture) => void) => async (files: File[]) => {
    const got = await importPicture(files[0]!);
    if (typeof got === 'function') batchDraft.setProblems([got]);
    else set(got);
  };
  const run = async () => {
    if (!spec) return;
    setBusy(true);
    const r = await gen.batch.start({ spec });
    setBusy(false);
    if (!r.ok) {
      const { error } = r;
      batchDraft.setProblems([(said) => notSentText(error, said)]);
    }
    else {
      batchDraft.started();
      onStarted(r.value);
    }
  };

  return (
    <form className="tool-form" aria-label={text.t('batch.form')} onSubmit={(e) => e.preventDefault()}>
      <fieldset className="tool-field">
        <legend>{text.t('batch.pictures')}</legend>
        <div className="batch-row">
          <FileButton label={text.t('batch.addPictures')} accept={PICTURE_TYPES} multiple onFiles={add} disabled={busy}>
            {text.t('batch.addPictures.button')}
          </FileButton>
          <label className={buttonClass('default', 'md', 'file-button')}>
            {text.t('batch.addFolder.button')}
            <input type="file" className="visually-hidden" aria-label={text.t('batch.addFolder')} multiple {...{ webkitdirectory: '' }} onChange={(e) => void add([...(e.currentTarget.files ?? [])])} />
          </label>
          {pictures.length > 0 && (
            <Button variant="link" onClick={batchDraft.clearPictures}>
              {text.t('batch.clear')}
            </Button>
          )}
        </div>
        <small className="batch-hint">{text.t('batch.galleryHint')}</small>
        <small role="status" aria-label={text.t('batch.chosen.label')}>
          {pictures.length === 0 ? text.t('batch.noneYet') : text.t('batch.chosen', { count: pictures.length, names: `${pictures.slice(0, 4).map((p) => p.name).join(', ')}${pictures.length > 4 ? '…' : ''}` })}
        </small>
      </fieldset>

      <label className="tool-field">
        <span>{text.t('batch.tool')}</span>
        <select value={tool} onChange={(e) => batchDraft.chooseTool(e.target.value as BatchTool)}>
          {BATCH_TOOLS.map((t) => (
            <option key={t} value={t}>
              {text.t('batch.tool.label', { tool: batchToolKey(t) })}
            </option>
          ))}
        </select>
        <small>{text.t('batch.tool.hint', { tool: batchToolKey(tool) })}</small>
      </label>
      {BATCH_TOOL_WORDS[tool].models.length > 1 && (
        <label className="tool-field">
          <span>{text.t('batch.model')}</span>
          <select value={endpointId} onChange={(e) => batchDraft.setEndpointId(e.target.value)}>
            {BATCH_TOOL_WORDS[tool].models.map((m) => (
              <option key={m} value={m} translate="no">
                {findEndpoint(m)?.title ?? m}
              </option>
            ))}
          </select>
        </label>
      )}

      {tool === 'erase' && (
        <div className="tool-field">
          <span>{text.t('batch.mask')}</span>
          <OnePicture label="batch.chooseMask" button="batch.chooseMask.button" accept="image/png" chosen={mask} onFiles={one(batchDraft.setMask)} />
        </div>
      )}
      {tool === 'try-on' && (
        <fieldset className="tool-field">
          <legend>{text.t('batch.picturesAre')}</legend>
          <label className="tool-check">
            <input type="radio" checked={picturesAre === 'garments'} onChange={() => batchDraft.setPicturesAre('garments')} /> {text.t('batch.picturesAre.garments')}
          </label>
          <label className="tool-check">
            <input type="radio" checked={picturesAre === 'people'} onChange={() => batchDraft.setPicturesAre('people')} /> {text.t('batch.picturesAre.people')}
          </label>
          <OnePicture
            label={picturesAre === 'garments' ? 'batch.choosePerson' : 'batch.chooseGarment'}
            button={picturesAre === 'garments' ? 'batch.choosePerson.button' : 'batch.chooseGarment.button'}
            accept={PICTURE_TYPES} chosen={partner} onFiles={one(batchDraft.setPartner)} />
        </fieldset>
      )}
      {tool === 'expand' && (
        <fieldset className="tool-field">
          <legend>{text.t('batch.shapes')}</legend>
          <div className="tool-choices">
            {ALL_FORMATS.map((f) => (
              <label key={f.label} className="tool-check">
                <input type="checkbox" checked={formats.includes(f.label)} onChange={(e) => batchDraft.toggleFormat(f.label, e.target.checked)} />
                {'words' in f ? text.t('batch.format', { format: formatKey(f.label) }) : f.label.replace('x', ':')}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {(tool === 'edit' || tool === 'expand') && (
        <label className="tool-field">
          <span>{tool === 'edit' ? text.t('batch.prompt.edit') : text.t('batch.prompt.expand')}</span>
          <textarea translate="no" rows={3} value={prompt} onChange={(e) => batchDraft.setPrompt(e.target.value)} />
        </label>
      )}

      <div className="tool-field">
        <span>{text.t('batch.folder')}</span>
        <div className="batch-row">
          <Button
            onClick={() =>
              void gen.batch.chooseFolder().then((r) => {
                if (r.ok && r.value.folder) batchDraft.setOutputFolder(r.value.folder);
              })
            }
          >
            {text.t('batch.chooseFolder')}
          </Button>
          {outputFolder ? (
            <small className="batch-path" role="status" aria-label={text.t('batch.folder')} translate="no">
              {outputFolder.path}
            </small>
          ) : (
            <small className="batch-path" role="status" aria-label={text.t('batch.folder')}>
              {text.t('batch.noneYet')}
            </small>
          )}
        </div>
      </div>

      <div className="tool-go">
        {(planned || missing) && (
          <div className="tool-summary" role="status" aria-label={text.t('batch.summary.label')}>
            {planned && !planned.ok && <span id="batch-problem" className="tool-problem">{say(text, planned.said, planned.problem)}</span>}
            {planned?.ok && !quote && <span>{text.t('batch.summary.pricing')}</span>}
            {planned?.ok && quote && (
              <>
                <strong>
                  {[
                    text.t('batch.summary.count', { count: quote.count }),
                    quote.unpriced === quote.count
                      ? text.t('batch.summary.unpriced')
                      : quote.unpriced > 0
                        ? text.t('batch.summary.aboutSome', { total: text.credits(quote.total), count: quote.unpriced })
                        : text.t('batch.summary.about', { total: text.credits(quote.total) }),
                  ].join(' · ')}
                </strong>
                {quote.unpriced === quote.count && <small>{text.t('batch.summary.unpricedWhy')}</small>}
                <small>{text.t('batch.summary.files', { names: `${quote.outputNames.slice(0, 3).join(', ')}${quote.outputNames.length > 3 ? '…' : ''}` })}</small>
              </>
            )}
            {missing && <span>{missing}</span>}
          </div>
        )}
        {quote?.refusal && (
          <p className="tool-refusal" role="alert">
            {sayCapRefusal(text, quote.refusal)}
          </p>
        )}
        {problems.map((p, i) => (
          <p key={i} className="tool-refusal" role="alert">
            {p(text)}
          </p>
        ))}
        <Button variant="primary" disabled={busy || !planned?.ok || !quote || quote.refusal !== null} onClick={() => void run()} aria-describedby={planned && !planned.ok ? 'batch-problem' : undefined}>
          {text.t('batch.run')}
        </Button>
      </div>
    </form>
  );
}
