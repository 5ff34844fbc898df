import { isLayeredName } from '../../../../shared/layers/layeredFiles';
import { useMemo, useState } from 'react';
import { BATCH_TOOL_WORDS, BATCH_TOOLS, planBatch, SOCIAL_FORMATS, type BatchAsk, type BatchFormat, type BatchPicture, type BatchTool } from '../../../../shared/batch/plan';
import { findEndpoint } from '../../../../shared/catalog/catalog';
import { capRefusalWords } from '../../../../shared/spending/capRefusalWords';
import type { BatchInfo } from '../../../../shared/ipc/contract';
import { gen } from '../../api';
import { notSentText } from '../../store/sendTasks';
import { useAnswer } from '../../store/useAnswer';
import { Button, buttonClass } from '../../ui/Button';
import { FileButton, type FileButtonProps } from '../../ui/FileButton';
import { creditsText } from '../../text/taskText';
import { batchDraft, missingText, useBatchDraft } from './batchDraftStore';

/** Aspect ratios offered besides the social formats, named as the files are ("9x16"). */
const RATIOS: readonly BatchFormat[] = [
  { label: '1x1', ratioW: 1, ratioH: 1 },
  { label: '4x5', ratioW: 4, ratioH: 5 },
  { label: '9x16', ratioW: 9, ratioH: 16 },
  { label: '16x9', ratioW: 16, ratioH: 9 },
  { label: '3x2', ratioW: 3, ratioH: 2 },
];

const TOOL_HINTS: Readonly<Record<BatchTool, string>> = {
  deblur: 'Sharpens every picture.',
  erase: 'Erases what one mask marks in white, the mask stretched to each picture.',
  'try-on': 'Dresses one person in each garment, or each person in one garment.',
  expand: 'Grows each picture to each shape you tick; the new area is painted to match.',
  edit: 'Changes every picture as one prompt says.',
};

/** Every shape Expand offers: the plain ratios, then the social formats. */
const ALL_FORMATS: readonly BatchFormat[] = [...RATIOS, ...SOCIAL_FORMATS];

const askQuote = ({ outputFolder: _folder, ...spec }: BatchAsk) => gen.batch.quote({ spec });

/** Stores a chosen file as an asset and reads its size; a file that is not a picture says so. */
async function importPicture(file: File): Promise<BatchPicture | string> {
  const r = await gen.assets.import({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
  if (!r.ok) return `${file.name}: ${r.error.message}`;
  return { assetId: r.value.id, name: file.name, width: r.value.width, height: r.value.height };
}

async function importAll(files: readonly File[]): Promise<{ pictures: BatchPicture[]; problems: string[] }> {
  const pictures: BatchPicture[] = [];
  const problems: string[] = [];
  for (const file of files) {
    if (file.type && !file.type.startsWith('image/') && !isLayeredName(file.name)) continue;
    const got = await importPicture(file);
    if (typeof got === 'string') problems.push(got);
    else pictures.push(got);
  }
  return { pictures, problems };
}

/** The file types a picture may be. */
const PICTURE_TYPES = 'image/png,image/jpeg,image/webp';

/** A button that chooses one picture (the mask, the person or garment), and the name of the one chosen. */
function OnePicture({ label, accept, chosen, onFiles }: { label: string; accept: string; chosen: BatchPicture | null; onFiles: FileButtonProps['onFiles'] }) {
  return (
    <div className="batch-row">
      <FileButton label={label} accept={accept} onFiles={onFiles}>
        {label}…
      </FileButton>
      <small>{chosen ? chosen.name : 'None yet.'}</small>
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
  const missing = pictures.length > 0 ? missingText({ pictures, outputFolder }) : null;

  const add = async (files: File[]) => {
    setBusy(true);
    const got = await importAll(files);
    batchDraft.add(got.pictures, got.problems);
    setBusy(false);
  };
  const one = (set: (p: BatchPicture) => void) => async (files: File[]) => {
    const got = await importPicture(files[0]!);
    if (typeof got === 'string') batchDraft.setProblems([got]);
    else set(got);
  };
  const run = async () => {
    if (!spec) return;
    setBusy(true);
    const r = await gen.batch.start({ spec });
    setBusy(false);
    if (!r.ok) batchDraft.setProblems([notSentText(r.error)]);
    else {
      batchDraft.started();
      onStarted(r.value);
    }
  };

  return (
    <form className="tool-form" aria-label="New batch" onSubmit={(e) => e.preventDefault()}>
      <fieldset className="tool-field">
        <legend>Pictures</legend>
        <div className="batch-row">
          <FileButton label="Add pictures" accept={PICTURE_TYPES} multiple onFiles={add} disabled={busy}>
            Add pictures…
          </FileButton>
          <label className={buttonClass('default', 'md', 'file-button')}>
            Add a folder…
            <input type="file" className="visually-hidden" aria-label="Add a folder" multiple {...{ webkitdirectory: '' }} onChange={(e) => void add([...(e.currentTarget.files ?? [])])} />
          </label>
          {pictures.length > 0 && (
            <Button variant="link" onClick={batchDraft.clearPictures}>
              Clear
            </Button>
          )}
        </div>
        <small className="batch-hint">Or choose results in the Gallery (Ctrl+click each), then press Batch… there.</small>
        <small role="status" aria-label="Pictures chosen">{pictures.length === 0 ? 'None yet.' : `${pictures.length} ${pictures.length === 1 ? 'picture' : 'pictures'}: ${pictures.slice(0, 4).map((p) => p.name).join(', ')}${pictures.length > 4 ? '…' : ''}`}</small>
      </fieldset>

      <label className="tool-field">
        <span>Tool</span>
        <select value={tool} onChange={(e) => batchDraft.chooseTool(e.target.value as BatchTool)}>
          {BATCH_TOOLS.map((t) => (
            <option key={t} value={t}>
              {BATCH_TOOL_WORDS[t].label}
            </option>
          ))}
        </select>
        <small>{TOOL_HINTS[tool]}</small>
      </label>
      {BATCH_TOOL_WORDS[tool].models.length > 1 && (
        <label className="tool-field">
          <span>Model</span>
          <select value={endpointId} onChange={(e) => batchDraft.setEndpointId(e.target.value)}>
            {BATCH_TOOL_WORDS[tool].models.map((m) => (
              <option key={m} value={m}>
                {findEndpoint(m)?.title ?? m}
              </option>
            ))}
          </select>
        </label>
      )}

      {tool === 'erase' && (
        <div className="tool-field">
          <span>Mask (white marks what is erased)</span>
          <OnePicture label="Choose the mask" accept="image/png" chosen={mask} onFiles={one(batchDraft.setMask)} />
        </div>
      )}
      {tool === 'try-on' && (
        <fieldset className="tool-field">
          <legend>The pictures are</legend>
          <label className="tool-check">
            <input type="radio" checked={picturesAre === 'garments'} onChange={() => batchDraft.setPicturesAre('garments')} /> garments, tried on by one person
          </label>
          <label className="tool-check">
            <input type="radio" checked={picturesAre === 'people'} onChange={() => batchDraft.setPicturesAre('people')} /> people, each trying on one garment
          </label>
          <OnePicture label={picturesAre === 'garments' ? 'Choose the person' : 'Choose the garment'} accept={PICTURE_TYPES} chosen={partner} onFiles={one(batchDraft.setPartner)} />
        </fieldset>
      )}
      {tool === 'expand' && (
        <fieldset className="tool-field">
          <legend>Shapes</legend>
          <div className="tool-choices">
            {ALL_FORMATS.map((f) => (
              <label key={f.label} className="tool-check">
                <input type="checkbox" checked={formats.includes(f.label)} onChange={(e) => batchDraft.toggleFormat(f.label, e.target.checked)} />
                {'words' in f ? String(f.words) : f.label.replace('x', ':')}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {(tool === 'edit' || tool === 'expand') && (
        <label className="tool-field">
          <span>{tool === 'edit' ? 'Prompt: what to change in every picture' : 'Prompt for the new area (optional)'}</span>
          <textarea rows={3} value={prompt} onChange={(e) => batchDraft.setPrompt(e.target.value)} />
        </label>
      )}

      <div className="tool-field">
        <span>Output folder</span>
        <div className="batch-row">
          <Button
            onClick={() =>
              void gen.batch.chooseFolder().then((r) => {
                if (r.ok && r.value.folder) batchDraft.setOutputFolder(r.value.folder);
              })
            }
          >
            Choose folder…
          </Button>
          <small className="batch-path" role="status" aria-label="Output folder">
            {outputFolder?.path ?? 'None yet.'}
          </small>
        </div>
      </div>

      {(planned || missing) && (
        <div className="tool-summary" role="status" aria-label="Batch summary">
          {planned && !planned.ok && <span className="tool-problem">{planned.problem}</span>}
          {planned?.ok && !quote && <span>Working out the price…</span>}
          {planned?.ok && quote && (
            <>
              <strong>
                {quote.count} {quote.count === 1 ? 'picture' : 'pictures'} to make ·{' '}
                {quote.unpriced === quote.count ? 'price not known yet' : `about ${creditsText(quote.total)}${quote.unpriced > 0 ? ` (${quote.unpriced} not priced yet)` : ''}`}
              </strong>
              {quote.unpriced === quote.count && <small>This model has not been run with this key and has no public price: the first pictures teach Gen Studio what the rest cost.</small>}
              <small>
                Files: {quote.outputNames.slice(0, 3).join(', ')}
                {quote.outputNames.length > 3 ? '…' : ''}
              </small>
            </>
          )}
          {missing && <span>{missing}</span>}
        </div>
      )}
      {quote?.refusal && (
        <p className="tool-refusal" role="alert">
          {capRefusalWords(quote.refusal)}
        </p>
      )}
      {problems.map((p) => (
        <p key={p} className="tool-refusal" role="alert">
          {p}
        </p>
      ))}
      <Button variant="primary" disabled={busy || !planned?.ok || !quote || quote.refusal !== null} onClick={() => void run()}>
        Run batch
      </Button>
    </form>
  );
}
