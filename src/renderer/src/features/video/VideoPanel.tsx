import { VIDEO_ENDPOINT_ID, videoDuration, videoMode } from '../../../../shared/canvas/timeline';
import { VIDEO_DRAFT_RESOLUTION, VIDEO_FRAME_SIZES, VIDEO_MAX_SECONDS, VIDEO_MODE_DESCRIPTIONS, VIDEO_MODE_LABELS, VIDEO_MODES, VIDEO_RESOLUTIONS, VIDEO_SIZE_NAMES, type VideoMode, type VideoResolution } from '../../../../shared/catalog/video';
import { useLibraryList } from '../../store/useLibraryList';
import { FileButton } from '../../ui/FileButton';
import { NumberField } from '../../ui/NumberField';
import { useCanvasStore } from '../canvas/canvasStore';
import { chooseSourceFile, chooseSourceResult } from './videoActions';
import './videoPanel.css';
import { Icon } from '../../ui/icons';
import { inputNameOf } from '../../text/taskText';

const store = () => useCanvasStore.getState();

function sizeText(resolution: VideoResolution): string {
  const size = VIDEO_FRAME_SIZES[resolution];
  // hd's size is not stated by the service: it is named without one rather than with a guess.
  return size.inferred ? 'quick and cheaper' : `${size.width} × ${size.height}`;
}

/** The choice that lists more clips: never a result's id (those are UUIDs). */
const MORE = 'more';

/** Clips a list shows at first, and more each time the artist asks. */
const CLIPS_PAGE = 40;

function Source({ mode }: { mode: VideoMode }) {
  const source = useCanvasStore((s) => s.document.timeline.source);
  // Asked of the whole library: the newest results at hand may hold no clip at all.
  const clips = useLibraryList({ media: mode === 'v2v' ? 'clip' : 'draft', status: 'kept', stacked: false }, CLIPS_PAGE);
  const videos = clips.items;
  const what = mode === 'v2v' ? 'The clip to continue' : 'The draft to enhance';
  return (
    <div className="video-source" role="group" aria-label={what}>
      <span className="video-label">{what}</span>
      <p className="video-source-name" aria-label="Source video">
        {source ? `${source.name}${source.seconds !== null ? ` · ${source.seconds.toFixed(1)} s` : ''}` : 'None chosen yet.'}
      </p>
      <div className="button-row">
        <FileButton size="sm" accept="video/mp4,.mp4" label="Choose a video file" onFiles={(files) => (files[0] ? chooseSourceFile(files[0], mode) : undefined)}>
          Video file…
        </FileButton>
        <select
          className="field-input"
          aria-label="A previous result"
          value=""
          onChange={(e) => {
            if (e.target.value === MORE) return clips.more();
            const item = videos.find((v) => v.id === e.target.value);
            if (item) void chooseSourceResult(item, mode);
          }}
        >
          <option value="">{!clips.loaded ? 'Looking for clips…' : videos.length === 0 ? 'No video results yet' : 'A previous result…'}</option>
          {videos.map((v) => (
            <option key={v.id} value={v.id}>
              {String(v.params.prompt ?? inputNameOf(v)).slice(0, 60)} · {v.seconds?.toFixed(1) ?? '?'} s
            </option>
          ))}
          {clips.total > videos.length && <option value={MORE}>Show more ({videos.length} of {clips.total} shown)</option>}
        </select>
      </div>
      {mode === 'v2v' && <p className="muted small">Up to {VIDEO_MAX_SECONDS.v2v} s; a longer clip is refused before anything is sent.</p>}
    </div>
  );
}

/**
 * The video model's settings in the artist's words: the four modes, the frame size presets with their pixel
 * sizes, the length (the timeline follows it), and what the service makes of them.
 */
export function VideoPanel({ onFocus, onBlur }: { onFocus?: () => void; onBlur?: () => void }) {
  const document = useCanvasStore((s) => s.document);
  const mode = videoMode(document);
  const duration = videoDuration(document);
  const resolution = document.formValues[VIDEO_ENDPOINT_ID]?.resolution;
  const set = (name: string, value: string | number) => store().setFormValue(name, value);
  return (
    <div className="video-settings" aria-label="Video settings" role="group" onFocus={onFocus} onBlur={onBlur}>
      <div className="video-modes" role="radiogroup" aria-label="Video mode">
        {VIDEO_MODES.map((m) => (
          <button key={m} type="button" role="radio" aria-checked={m === mode} className={`intent${m === mode ? ' active' : ''}`} title={VIDEO_MODE_DESCRIPTIONS[m]} onClick={() => set('mode', m)}>
            {VIDEO_MODE_LABELS[m]}
          </button>
        ))}
      </div>
      <p className="intent-description" aria-label="About this mode">
        {VIDEO_MODE_DESCRIPTIONS[mode]}
      </p>
      {(mode === 'v2v' || mode === 'draft_enhance') && <Source mode={mode} />}
      <div className="video-resolutions" role="radiogroup" aria-label="Frame size">
        <span className="video-label">Frame size</span>
        {VIDEO_RESOLUTIONS.map((r) => (
          <label key={r} className={`video-resolution${resolution === r ? ' on' : ''}`}>
            <input type="radio" name="video-resolution" checked={resolution === r} onChange={() => set('resolution', r)} aria-label={`${VIDEO_SIZE_NAMES[r]} ${sizeText(r)}`} />
            <strong>{VIDEO_SIZE_NAMES[r]}</strong> <span className="muted">{sizeText(r)}</span>
          </label>
        ))}
      </div>
      <p className="muted small" aria-label="Frame size note">
        All sizes are 16:9. {resolution === undefined ? 'None chosen: the service picks. ' : ''}Drafts render at the {VIDEO_SIZE_NAMES[VIDEO_DRAFT_RESOLUTION].toLowerCase()} size.
      </p>
      <label className="video-duration">
        <span className="video-label">Length</span>
        <NumberField label="Length in seconds" value={duration} min={1} max={VIDEO_MAX_SECONDS[mode]} onCommit={(n) => set('duration', n)} />
        <span className="muted">s, up to {VIDEO_MAX_SECONDS[mode]} s · 24 fps</span>
      </label>
      <p className="video-sound">
        <Icon name="action.sound" /> The sound is generated with the frames.</p>
    </div>
  );
}
