import type { ReactNode } from 'react';
import { VIDEO_FPS } from '../../../../shared/catalog/video';
import { playheadText } from '../../../../shared/video/playhead';
import { Icon } from '../../ui/icons';
import { usePlayerPrefs } from './playerPrefs';
import type { Player } from './usePlayer';

function ControlButton({ label, keys, onClick, pressed, disabled, children }: { label: string; keys?: string; onClick: () => void; pressed?: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <button
      type="button"
      className={`player-button${pressed ? ' on' : ''}`}
      aria-label={label}
      title={keys ? `${label} (${keys})` : label}
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
  return (
    <div className="player-controls" role="toolbar" aria-label="Player controls">
      <ControlButton label={playing ? 'Pause' : 'Play'} keys="Space" onClick={() => player.run({ kind: 'toggle' })} disabled={!ready}>
        <Icon name={playing ? 'player.pause' : 'player.play'} />
      </ControlButton>
      <ControlButton label="First frame" keys="Home" onClick={() => player.run({ kind: 'first' })} disabled={!ready}>
        <Icon name="player.first" />
      </ControlButton>
      <ControlButton label="Previous frame" keys="," onClick={() => player.run({ kind: 'step', frames: -1 })} disabled={!ready}>
        <Icon name="player.prev" />
      </ControlButton>
      <ControlButton label="Next frame" keys="." onClick={() => player.run({ kind: 'step', frames: 1 })} disabled={!ready}>
        <Icon name="player.next" />
      </ControlButton>
      <ControlButton label="Last frame" keys="End" onClick={() => player.run({ kind: 'last' })} disabled={!ready}>
        <Icon name="player.last" />
      </ControlButton>
      <input
        type="range"
        className="player-scrub"
        aria-label="Scrub"
        min={0}
        max={lastFrame}
        step={1}
        value={Math.min(frame, lastFrame)}
        aria-valuetext={playheadText(frame)}
        disabled={!ready}
        onChange={(e) => player.seekFrame(Number(e.target.value))}
      />
      <output className="player-time" aria-label="Playhead" aria-live="off">
        {playheadText(frame)}
      </output>
      <span className="player-length muted" aria-label="Length" title={ready ? `${lastFrame + 1} frames at ${VIDEO_FPS} frames a second` : undefined}>
        {ready ? `/ ${player.duration.toFixed(2)} s` : 'loading…'}
      </span>
      <ControlButton label="Loop" onClick={() => set({ loop: !loop })} pressed={loop}>
        <Icon name="player.loop" />
      </ControlButton>
      <ControlButton label={muted ? 'Unmute' : 'Mute'} onClick={() => set({ muted: !muted })} pressed={muted}>
        <Icon name={muted ? 'player.muted' : 'player.soundOn'} />
      </ControlButton>
      <input
        type="range"
        className="player-volume"
        aria-label="Volume"
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
