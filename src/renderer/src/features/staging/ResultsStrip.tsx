import { Button } from '../../ui/Button';
import { useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent, type RefObject } from 'react';
import { useCanvasStore } from '../canvas/canvasStore';
import { ResultOverlay } from './ResultOverlay';
import { acceptResult, decideResult, referenceResult } from './stagingActions';
import { useStagingStore, type CompareMode } from './stagingStore';
import { masksResult, stepFrom, type StripEntry } from './stripModel';
import { useFollowResults, useSelectedEntry, useStripEntries } from './useStrip';
import { useLibraryItem } from '../../store/useLibraryItem';
import { listedVersions } from './versions';
import { isVideo } from '../../../../shared/media/mediaType';
import type { PlayerHandle } from '../player/VideoPlayer';
import { VersionsPanel } from './VersionsPanel';
import { useStripKeys } from './useStripKeys';
import { VideoActions } from './VideoResult';
import { VideoResultActions } from '../video/VideoResultActions';
import './staging.css';
import { useText } from '../../ui/i18n/textStore';
import type { MessageId } from '../../../../shared/i18n/catalog';
import { Caption } from './Caption';
import { Tile } from './StripTile';

const MODES: readonly { mode: CompareMode; label: MessageId }[] = [
  { mode: 'result', label: 'strip.compare.result' },
  { mode: 'slider', label: 'strip.compare.slider' },
  { mode: 'side', label: 'strip.compare.side' },
];

/** What can be done with the selected result, and what it is. */
function Actions({ entry }: { entry: StripEntry | null }) {
  const busy = useStagingStore((s) => s.busy);
  const item = useLibraryItem(entry?.resultId ?? null);
  const video = item !== null && isVideo(item);
  const message = useStagingStore((s) => s.message);
  const text = useText();
  const { t } = useText();
  return (
    <div className="strip-detail">
      {entry ? (
        <>
          <Caption entry={entry} />
          {entry.reason && entry.status !== 'ready' && (
            <p className={`strip-reason${entry.status === 'working' ? '' : ' problem'}`} role="note" aria-label={t('strip.why')} {...(entry.reasonWords === 'main' ? { 'data-words': 'main' } : {})}>
              {entry.reason}
            </p>
          )}
          {entry.status === 'ready' && <VideoResultActions resultId={entry.resultId} />}
          <div className="button-row">
            {entry.status === 'ready' && video && <VideoActions item={item} entry={entry} />}
            {entry.status === 'ready' && !video && (
              <>
                <Button variant="primary" disabled={busy} onClick={() => void acceptResult(entry)} aria-keyshortcuts="Enter">
                  {t('strip.accept')}
                </Button>
                <Button disabled={busy} onClick={() => void referenceResult(entry)}>
                  {t('strip.reference')}
                </Button>
                <Button disabled={busy} onClick={() => decideResult(entry, 'kept')}>
                  {t('strip.keep')}
                </Button>
              </>
            )}
            {entry.status !== 'working' && (
              <Button variant="danger" disabled={busy} onClick={() => decideResult(entry, 'discarded')} aria-keyshortcuts="Delete">
                {t('strip.discard')}
              </Button>
            )}
            <Button variant="link" onClick={() => useStagingStore.getState().select(null)} aria-keyshortcuts="Escape">
              {t('strip.showCanvas')}
            </Button>
          </div>
        </>
      ) : (
        <p className="muted strip-hint">{t('strip.hint')}</p>
      )}
      {message && (
        <p className={message.kind === 'error' ? 'inline-error' : 'inline-ok'} role={message.kind === 'error' ? 'alert' : 'status'} aria-label={t('strip.message')}>
          {message.text(text)}
        </p>
      )}
    </div>
  );
}

/**
 * The results strip under the canvas: every result of the open project lands here as it is made (a placeholder
 * with progress while it runs; a moderated or failed one says why), and the selected one shows over the canvas.
 * After InvokeAI's staging area and Krita AI Diffusion's history, for results of every endpoint.
 */
export function ResultsStrip({ stage }: { stage: RefObject<HTMLDivElement | null> }) {
  // Long (over 80 lines) for its markup: the strip's list, the selected result's progress and message, and the
  // compare controls, around the hooks that hold its state (useStrip, useStripKeys).
  const entries = useStripEntries();
  useFollowResults(entries);
  const selected = useSelectedEntry(entries);
  const mode = useStagingStore((s) => s.mode);
  const keepOutside = useStagingStore((s) => s.keepOutsideMask);
  const versionsOpen = useStagingStore((s) => s.versionsOpen);
  const { select, setMode, setKeepOutsideMask, toggleVersions } = useStagingStore.getState();
  const list = useRef<HTMLUListElement>(null);
  const { t } = useText();
  const player = useRef<PlayerHandle>(null);
  // A clip has nothing to compare with the picture: the compare modes are for pictures.
  const selectedItem = useLibraryItem(selected?.status === 'ready' ? selected.resultId : null);
  const selectedIsVideo = selectedItem !== null && isVideo(selectedItem);

  const step = (by: number) => {
    const next = stepFrom(entries, useStagingStore.getState().selectedId, by);
    if (next) select(next);
  };

  useStripKeys(entries, selected, player, step);

  // The selected tile is brought into view when the selection changes, not at every poll of a running task.
  const selectedId = selected?.taskId ?? null;
  useEffect(() => {
    if (selectedId) document.getElementById(`result-${selectedId}`)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [selectedId]);

  const onKey = (e: ReactKeyboardEvent) => {
    // A video result shown: Space plays it, comma and period step its frames, from the strip too.
    if (player.current?.key(e, 'strip')) {
      e.preventDefault();
      e.stopPropagation();
      return;
    }
    const handled = (() => {
      switch (e.key) {
        case 'ArrowLeft':
        case 'ArrowUp':
          step(-1);
          return true;
        case 'ArrowRight':
        case 'ArrowDown':
          step(1);
          return true;
        case 'Home':
          if (entries[0]) select(entries[0].taskId);
          return true;
        case 'End':
          if (entries.length > 0) select(entries[entries.length - 1]!.taskId);
          return true;
        case 'Enter':
          if (selected?.status === 'ready' && !useStagingStore.getState().busy && !player.current) void acceptResult(selected);
          return true;
        case 'Delete':
        case 'Backspace':
          if (selected && selected.status !== 'working') decideResult(selected, 'discarded');
          return true;
        case 'Escape':
          select(null);
          return true;
        default:
          return false;
      }
    })();
    if (handled) {
      e.preventDefault();
      // The canvas's own keys (Delete removes a box) must not act on the same press.
      e.stopPropagation();
    }
  };

  const ready = entries.filter((e) => e.status === 'ready').length;
  const working = entries.filter((e) => e.status === 'working').length;

  return (
    <>
      <ResultOverlay stage={stage} entry={selected} player={player} />
      <section className="results-strip" aria-label={t('strip.region')}>
        <div className="strip-bar">
          <h2>
            {t('strip.title')}{' '}
            <span className="muted">{entries.length === 0 ? t('strip.noneWaiting') : working > 0 ? t('strip.toReviewOnTheWay', { ready, working }) : t('strip.toReview', { ready })}</span>
          </h2>
          {!selectedIsVideo && (
            <div className="segmented" role="radiogroup" aria-label={t('strip.compare')}>
              {MODES.map((m) => (
                <button key={m.mode} type="button" role="radio" aria-checked={mode === m.mode} className={`segment${mode === m.mode ? ' on' : ''}`} onClick={() => setMode(m.mode)}>
                  {t(m.label)}
                </button>
              ))}
            </div>
          )}
          {selected && masksResult(selected.task.endpointId) && (
            <label className="strip-check">
              <input type="checkbox" checked={keepOutside} onChange={(e) => setKeepOutsideMask(e.target.checked)} />
              {t('strip.keepOutside')}
            </label>
          )}
          <span className="strip-spacer" />
          <VersionsButton open={versionsOpen} onToggle={() => toggleVersions()} />
        </div>
        <div className="strip-body">
          {entries.length === 0 ? (
            <p className="muted strip-empty">{t('strip.empty')}</p>
          ) : (
            <ul
              ref={list}
              className="strip-tiles"
              role="listbox"
              aria-label={t('strip.title')}
              aria-orientation="horizontal"
              tabIndex={0}
              aria-activedescendant={selected ? `result-${selected.taskId}` : undefined}
              onKeyDown={onKey}
            >
              {entries.map((entry) => (
                <Tile
                  key={entry.taskId}
                  entry={entry}
                  selected={entry.taskId === selected?.taskId}
                  onPick={() => {
                    select(entry.taskId);
                    list.current?.focus();
                  }}
                />
              ))}
            </ul>
          )}
          <Actions entry={selected} />
        </div>
        {versionsOpen && <VersionsPanel onClose={() => toggleVersions(false)} />}
      </section>
    </>
  );
}

function VersionsButton({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const count = useVersionCount();
  const { t } = useText();
  return (
    <Button aria-expanded={open} onClick={onToggle} disabled={count === 0 && !open}>
      {t('strip.versions', { count })}
    </Button>
  );
}

function useVersionCount(): number {
  const base = useCanvasStore((s) => s.document.base);
  const versions = useCanvasStore((s) => s.document.versions);
  return listedVersions({ base, versions }).length;
}
