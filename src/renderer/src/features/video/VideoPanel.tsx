import { VIDEO_ENDPOINT_ID, videoDuration, videoMode } from '../../../../shared/canvas/timeline';
import { VIDEO_FPS, VIDEO_FRAME_SIZES, VIDEO_MAX_SECONDS, VIDEO_MODES, VIDEO_RESOLUTIONS, type VideoMode, type VideoResolution } from '../../../../shared/catalog/video';
import type { AppText } from '../../../../shared/i18n/text';
import { videoModeAbout, videoModeLabel, videoSizeName } from '../../../../shared/video/videoWords';
import { useText } from '../../ui/i18n/textStore';
import { useLibraryList } from '../../store/useLibraryList';
import { FileButton } from '../../ui/FileButton';
import { NumberField } from '../../ui/NumberField';
import { useCanvasStore } from '../canvas/canvasStore';
import { chooseSourceFile, chooseSourceResult } from './videoActions';
import './videoPanel.css';
import { Icon } from '../../ui/icons';
import { inputNameOf } from '../../text/taskText';

const store = () => useCanvasStore.getState();

function sizeText(resolution: VideoResolution, text: AppText): string {
  const size = VIDEO_FRAME_SIZES[resolution];
  // hd's size is not stated by the service: it is named without one rather than with a guess.
  return size.inferred ? text.t('video.size.quick') : text.t('video.size.pixels', { width: size.width, height: size.height });
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
  const text = useText();
  const { t } = text;
  const what = t(mode === 'v2v' ? 'video.source.continue' : 'video.source.enhance');
  const named = (name: string, seconds: number | null) => (seconds !== null ? t('video.source.withLength', { name, seconds }) : name);
  return (
    <div className="video-source" role="group" aria-label={what}>
      <span className="video-label">{what}</span>
      <p className="video-source-name" aria-label={t('video.source.label')} {...(source && source.seconds === null ? { translate: 'no' as const } : {})}>
        {source ? named(source.name, source.seconds) : t('video.source.none')}
      </p>
      <div className="button-row">
        <FileButton size="sm" accept="video/mp4,.mp4" label={t('video.source.file.label')} onFiles={(files) => (files[0] ? chooseSourceFile(files[0], mode) : undefined)}>
          {t('video.source.file')}
        </FileButton>
        <select
          className="field-input"
          aria-label={t('video.source.previous.label')}
          value=""
          onChange={(e) => {
            if (e.target.value === MORE) return clips.more();
            const item = videos.find((v) => v.id === e.target.value);
            if (item) void chooseSourceResult(item, mode);
          }}
        >
          <option value="">{t(!clips.loaded ? 'video.source.looking' : videos.length === 0 ? 'video.source.noClips' : 'video.source.previous')}</option>
          {videos.map((v) => (
            <option key={v.id} value={v.id}>
              {named(String(v.params.prompt ?? inputNameOf(v, text)).slice(0, 60), v.seconds)}
            </option>
          ))}
          {clips.total > videos.length && <option value={MORE}>{t('video.source.more', { shown: videos.length, total: clips.total })}</option>}
        </select>
      </div>
      {mode === 'v2v' && <p className="muted small">{t('video.source.limit', { seconds: VIDEO_MAX_SECONDS.v2v })}</p>}
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
  const text = useText();
  const { t } = text;
  return (
    <div className="video-settings" aria-label={t('video.panel.label')} role="group" onFocus={onFocus} onBlur={onBlur}>
      <div className="video-modes" role="radiogroup" aria-label={t('video.panel.mode')}>
        {VIDEO_MODES.map((m) => (
          <button key={m} type="button" role="radio" aria-checked={m === mode} className={`intent${m === mode ? ' active' : ''}`} title={videoModeAbout(m, text)} onClick={() => set('mode', m)}>
            {videoModeLabel(m, text)}
          </button>
        ))}
      </div>
      <p className="intent-description" aria-label={t('video.panel.about')}>
        {videoModeAbout(mode, text)}
      </p>
      {(mode === 'v2v' || mode === 'draft_enhance') && <Source mode={mode} />}
      <div className="video-resolutions" role="radiogroup" aria-label={t('video.panel.size')}>
        <span className="video-label">{t('video.panel.size')}</span>
        {VIDEO_RESOLUTIONS.map((r) => (
          <label key={r} className={`video-resolution${resolution === r ? ' on' : ''}`}>
            <input type="radio" name="video-resolution" checked={resolution === r} onChange={() => set('resolution', r)} aria-label={t('video.panel.sizeOption', { name: videoSizeName(r, text), size: sizeText(r, text) })} />
            <strong>{videoSizeName(r, text)}</strong> <span className="muted">{sizeText(r, text)}</span>
          </label>
        ))}
      </div>
      <p className="muted small" aria-label={t('video.panel.sizeNote.label')}>
        {t(resolution === undefined ? 'video.panel.sizeNoteUnchosen' : 'video.panel.sizeNote')}
      </p>
      <label className="video-duration">
        <span className="video-label">{t('video.panel.length')}</span>
        <NumberField label={t('video.panel.length.label')} value={duration} min={1} max={VIDEO_MAX_SECONDS[mode]} onCommit={(n) => set('duration', n)} />
        <span className="muted">{t('video.panel.length.unit', { max: VIDEO_MAX_SECONDS[mode], fps: VIDEO_FPS })}</span>
      </label>
      <p className="video-sound">
        <Icon name="action.sound" /> {t('video.panel.sound')}
      </p>
    </div>
  );
}
