import { useCallback, useEffect, useRef, useState, type RefObject, type SyntheticEvent } from 'react';
import { clampFrame, frameAt, lastFrameOf, seekTimeOf } from '../../../../shared/video/playhead';
import { isTyping } from '../canvas/shortcuts';
import { playerCommand, type KeyLike, type PlayerCommand } from './playerKeys';
import { usePlayerPrefs } from './playerPrefs';
import { currentText } from '../../ui/i18n/textStore';

export interface Player {
  readonly videoRef: RefObject<HTMLVideoElement | null>;
  readonly playing: boolean;
  /** The frame on screen, read from the current time. */
  readonly frame: number;
  /** Seconds; NaN until the clip's header is read. */
  readonly duration: number;
  readonly lastFrame: number;
  readonly ready: boolean;
  readonly error: string | null;
  run(command: PlayerCommand): void;
  seekFrame(frame: number): void;
  /** A key pressed where this player is shown; true when the player acted on it (the caller stops it there). */
  key(e: KeyLike & { readonly target: EventTarget | null }, scope: 'player' | 'strip' | 'full-view'): boolean;
  /** Props for the <video>: events that keep the state, and the element itself. */
  readonly videoProps: {
    ref: RefObject<HTMLVideoElement | null>;
    onLoadedMetadata: (e: SyntheticEvent<HTMLVideoElement>) => void;
    onPlay: () => void;
    onPause: () => void;
    onSeeked: () => void;
    onTimeUpdate: () => void;
    onEnded: () => void;
    onError: (e: SyntheticEvent<HTMLVideoElement>) => void;
    loop: boolean;
    muted: boolean;
    playsInline: true;
    preload: 'auto';
  };
}

type FrameCallbackVideo = HTMLVideoElement & {
  requestVideoFrameCallback?: (cb: (now: number, meta: { mediaTime: number }) => void) => number;
  cancelVideoFrameCallback?: (id: number) => void;
};

/**
 * The state and commands of one player, for a <video> the caller places (the full view zooms it; the strip
 * fits it). Stepping is frame-accurate: it seeks to the middle of the frame, (frame + 0.5) / 24, and the frame
 * shown is always read back from the current time, never counted.
 */
export function usePlayer(src: string): Player {
  // Long (over 80 lines) as a player hook is: its state and its commands (play, step, seek to a frame, the keys)
  // share the video ref and the frame read back, so they live in one closure.
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const [frame, setFrame] = useState(0);
  const [duration, setDuration] = useState(NaN);
  const [error, setError] = useState<string | null>(null);
  const { loop, muted, volume } = usePlayerPrefs();

  const read = useCallback(() => {
    const v = videoRef.current;
    if (v) setFrame(frameAt(v.currentTime));
  }, []);

  // Another clip in the same player starts over (reset while rendering, the way React advises for a changed prop).
  const [shown, setShown] = useState(src);
  if (shown !== src) {
    setShown(src);
    setPlaying(false);
    setFrame(0);
    setDuration(NaN);
    setError(null);
  }

  useEffect(() => {
    const v = videoRef.current;
    if (v) v.volume = volume;
  }, [volume, src]);

  // While playing, the frame number follows each frame presented (timeupdate alone comes only a few times a second).
  useEffect(() => {
    const v = videoRef.current as FrameCallbackVideo | null;
    if (!v || !playing) return;
    let live = true;
    let id = 0;
    if (v.requestVideoFrameCallback) {
      const onFrame = (_now: number, meta: { mediaTime: number }) => {
        if (!live) return;
        setFrame(frameAt(meta.mediaTime));
        id = v.requestVideoFrameCallback!(onFrame);
      };
      id = v.requestVideoFrameCallback(onFrame);
      return () => {
        live = false;
        v.cancelVideoFrameCallback?.(id);
      };
    }
    const tick = () => {
      if (!live) return;
      read();
      id = requestAnimationFrame(tick);
    };
    id = requestAnimationFrame(tick);
    return () => {
      live = false;
      cancelAnimationFrame(id);
    };
  }, [playing, read]);

  const seekFrame = useCallback((target: number) => {
    const v = videoRef.current;
    if (!v) return;
    const at = clampFrame(target, v.duration);
    v.currentTime = seekTimeOf(at);
    setFrame(frameAt(v.currentTime));
  }, []);

  const run = useCallback(
    (command: PlayerCommand) => {
      const v = videoRef.current;
      if (!v) return;
      switch (command.kind) {
        case 'toggle':
          if (v.paused) {
            if (v.ended || frameAt(v.currentTime) >= lastFrameOf(v.duration)) v.currentTime = seekTimeOf(0);
            v.play().catch(() => setError(currentText().t('video.player.notStarted')));
          } else {
            v.pause();
          }
          return;
        case 'step':
          v.pause();
          seekFrame(frameAt(v.currentTime) + command.frames);
          return;
        case 'first':
          v.pause();
          seekFrame(0);
          return;
        case 'last':
          v.pause();
          seekFrame(lastFrameOf(v.duration));
      }
    },
    [seekFrame],
  );

  const key = useCallback(
    (e: KeyLike & { readonly target: EventTarget | null }, scope: 'player' | 'strip' | 'full-view') => {
      if (isTyping(e.target)) return false;
      // A focused slider moves itself with the arrows, Home and End.
      if (e.target instanceof HTMLInputElement && e.target.type === 'range' && /^(Arrow|Home|End|Page)/.test(e.key)) return false;
      const command = playerCommand(e, scope);
      if (!command) return false;
      run(command);
      return true;
    },
    [run],
  );

  return {
    videoRef,
    playing,
    frame,
    duration,
    lastFrame: lastFrameOf(duration),
    ready: Number.isFinite(duration),
    error,
    run,
    seekFrame,
    key,
    videoProps: {
      ref: videoRef,
      onLoadedMetadata: (e) => {
        setDuration(e.currentTarget.duration);
        read();
      },
      onPlay: () => setPlaying(true),
      onPause: () => {
        setPlaying(false);
        read();
      },
      onSeeked: read,
      onTimeUpdate: () => {
        if (videoRef.current?.paused) read();
      },
      onEnded: () => {
        setPlaying(false);
        read();
      },
      // The browser's own reason is English and technical: the artist is told in their words.
      onError: () => setError(currentText().t('video.player.unplayable')),
      loop,
      muted,
      playsInline: true,
      preload: 'auto',
    },
  };
}
