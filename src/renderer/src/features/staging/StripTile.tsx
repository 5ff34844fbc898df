import type { AppText } from '../../../../shared/i18n/text';
import type { LibraryItem } from '../../../../shared/ipc/contract';
import { isVideo } from '../../../../shared/media/mediaType';
import { useLibraryItem } from '../../store/useLibraryItem';
import { useText } from '../../ui/i18n/textStore';
import { Icon } from '../../ui/icons';
import { useResultPoster } from '../player/posters';
import { setResultDrag } from '../video/dragData';
import type { StripEntry } from './stripModel';

/** A tile's name holds what it shows (the state, why it has no picture, a clip's length), so speech input finds it by its words. */
function tileLabel(entry: StripEntry, item: LibraryItem | null, problem: boolean, text: AppText): string {
  const values = { name: entry.name, state: entry.label };
  if (problem && entry.reason) return text.t('strip.tile.labelWhy', { ...values, reason: entry.reason });
  if (entry.status === 'ready' && item && isVideo(item) && item.seconds !== null) return text.t('strip.tile.labelClip', { ...values, length: text.duration(item.seconds) });
  return text.t('task.rowLabel', values);
}

export function Tile({ entry, selected, onPick }: { entry: StripEntry; selected: boolean; onPick: () => void }) {
  const item = useLibraryItem(entry.resultId);
  const text = useText();
  useResultPoster(item);
  const problem = entry.status === 'moderated' || entry.status === 'failed' || entry.status === 'stopped';
  return (
    <li
      id={`result-${entry.taskId}`}
      role="option"
      aria-selected={selected}
      aria-label={tileLabel(entry, item, problem, text)}
      className={`strip-tile status-${entry.status}${selected ? ' selected' : ''}`}
      data-task={entry.taskId}
      draggable={entry.resultId !== null}
      onDragStart={(e) => entry.resultId && setResultDrag(e.dataTransfer, entry.resultId)}
      onClick={onPick}
      title={entry.reason ?? (entry.prompt ? text.t('strip.tile.prompt', { prompt: entry.prompt }) : undefined)}
    >
      {entry.status === 'ready' && item?.thumbnailUrl && <img src={item.thumbnailUrl} alt="" draggable={false} />}
      {entry.status === 'ready' && !item?.thumbnailUrl && <span className="tile-text">{text.t(item && isVideo(item) ? 'strip.tile.video' : 'strip.tile.ready')}</span>}
      {entry.status === 'ready' && item && isVideo(item) && (
        // The tile's name says what the badge shows (a clip, its length).
        <span className="tile-badge" aria-hidden="true">
          <Icon name="action.video" size={10} filled />
          {item.seconds !== null ? ` ${text.duration(item.seconds)}` : ''}
        </span>
      )}
      {entry.status === 'working' && (
        <span className="tile-working">
          <span className="tile-text">{entry.label}</span>
          <span className="tile-progress" role="progressbar" aria-label={text.t('task.progress')} aria-valuemin={0} aria-valuemax={100} {...(entry.progress !== null ? { 'aria-valuenow': entry.progress } : {})}>
            <span className={entry.progress === null ? 'indeterminate' : undefined} style={entry.progress !== null ? { width: `${entry.progress}%` } : undefined} />
          </span>
        </span>
      )}
      {problem && (
        <span className="tile-problem">
          <strong>{entry.label}</strong>{' '}
          <span className="tile-reason" {...(entry.reasonWords === 'main' ? { 'data-words': 'main' } : {})}>
            {entry.reason}
          </span>
        </span>
      )}
    </li>
  );
}
