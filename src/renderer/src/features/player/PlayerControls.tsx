import type { ReactNode } from 'react';
import { VIDEO_FPS } from '../../../../shared/catalog/video';
import { clipFrameText } from '../../../../shared/video/videoWords';
import { useText } from '../../ui/i18n/textStore';
import type { MessageId } from '../../../../shared/i18n/catalog';
import { Icon } from '../../ui/icons';
import { usePlayerPrefs } from './playerPrefs';
import type { Player } from './usePlayer';

/** The keys as a keyboard of the artist's language labels them (German's Home key says Pos1); comma and period are themselves. */
const KEY_WORDS: Readonly<Record<string, MessageId>> = { Space: 'video.player.key.space', Home: 'video.player.key.home', End: 'video.player.key.end' };

function ControlButton({ label, keys, onClick, pressed, disabled, children }: { label: string; keys?: string; onClick: () => void; pressed?: boolean; disabled?: boolean; children: ReactNode }) {
  const { t } = useText();
  const key = keys && KEY_WORDS[keys] ? t(KEY_WORDS[keys]) : keys;
  return (
    <button
      type="button"
      className={`player-button${pressed ? ' on' : ''}`}
      aria-label={label}
      title={key ? t('video.player.withKey', { label, key }) : label}
      aria-keyshortcuts={keys}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** The player's bar: play, frame steps, the scrubber, the playhead in seconds and frames, loop and sound; `children` adds actions at its end. */
export function PlayerControls({ player, children }: { player: Player; children?: ReactNode }) {
  const { loop, muted, volume, set } = usePlayerPrefs();
  const { frame, lastFrame, ready, playing } = player;
  const text = useText();
  const { t } = text;
  return (
    <div className="player-controls" role="toolbar" aria-label={t('video.player.controls')}>
      <ControlButton label={t(playing ? 'video.player.pause' : 'video.player.play')} keys="Space" onClick={() => player.run({ kind: 'toggle' })} disabled={!ready}>
        <Icon name={playing ? 'player.pause' : 'player.play'} />
      </ControlButton>
      <ControlButton label={t('video.player.first')} keys="Home" onClick={() => player.run({ kind: 'first' })} disabled={!ready}>
        <Icon name="player.first" />
      </ControlButton>
      <ControlButton label={t('video.player.previous')} keys="," onClick={() => player.run({ kind: 'step', frames: -1 })} disabled={!ready}>
        <Icon name="player.prev" />
      </ControlButton>
      <ControlButton label={t('video.player.next')} keys="." onClick={() => player.run({ kind: 'step', frames: 1 })} disabled={!ready}>
        <Icon name="player.next" />
      </ControlButton>
      <ControlButton label={t('video.player.last')} keys="End" onClick={() => player.run({ kind: 'last' })} disabled={!ready}>
        <Icon name="player.last" />
      </ControlButton>
      <input
        type="range"
        className="player-scrub"
        aria-label={t('video.player.scrub')}
        min={0}
        max={lastFrame}
        step={1}
        value={Math.min(frame, lastFrame)}
        aria-valuetext={clipFrameText(frame, text)}
        disabled={!ready}
        onChange={(e) => player.seekFrame(Number(e.target.value))}
      />
      <output className="player-time" aria-label={t('video.player.playhead')} aria-live="off">
        {clipFrameText(frame, text)}
      </output>
      <span className="player-length muted" aria-label={t('video.player.length')} title={ready ? t('video.player.frames', { frames: lastFrame + 1, fps: VIDEO_FPS }) : undefined}>
        {ready ? t('video.player.of', { seconds: player.duration }) : t('video.player.loading')}
      </span>
      <ControlButton label={t('video.player.loop')} onClick={() => set({ loop: !loop })} pressed={loop}>
        <Icon name="player.loop" />
      </ControlButton>
      <ControlButton label={t(muted ? 'video.player.unmute' : 'video.player.mute')} onClick={() => set({ muted: !muted })} pressed={muted}>
        <Icon name={muted ? 'player.muted' : 'player.soundOn'} />
      </ControlButton>
      <input
        type="range"
        className="player-volume"
        aria-label={t('video.player.volume')}
        min={0}
        max={100}
        step={5}
        value={muted ? 0 : Math.round(volume * 100)}
        onChange={(e) => set({ volume: Number(e.target.value) / 100, muted: Number(e.target.value) === 0 })}
      />
      {children && <span className="player-actions">{children}</span>}
      {player.error && (
        <p className="player-error" role="alert">
          {player.error}
        </p>
      )}
    </div>
  );
}
