import type { ReactNode, Ref } from 'react';
import { useImperativeHandle } from 'react';
import { PlayerControls } from './PlayerControls';
import { usePlayer, type Player } from './usePlayer';
import './player.css';

export type PlayerHandle = Pick<Player, 'key' | 'run' | 'videoRef'> & { readonly frame: number };

/**
 * A clip with its controls under it, fitted to the box it is given: for the results strip's overlay. The keys act
 * when the player has focus; the strip hands it Space, comma and period through `ref`.
 */
export function VideoPlayer({ src, poster, label, ref, actions }: { src: string; poster?: string | null; label: string; ref?: Ref<PlayerHandle>; actions?: ReactNode }) {
  const player = usePlayer(src);
  useImperativeHandle(ref, () => ({ key: player.key, run: player.run, videoRef: player.videoRef, frame: player.frame }), [player.key, player.run, player.videoRef, player.frame]);
  return (
    <div
      className="player"
      role="group"
      aria-label={label}
      tabIndex={0}
      onKeyDown={(e) => {
        if (player.key(e, 'player')) {
          e.preventDefault();
          e.stopPropagation();
        }
      }}
    >
      <div className="player-stage">
        <video {...player.videoProps} src={src} poster={poster ?? undefined} className="player-video" onClick={() => player.run({ kind: 'toggle' })} />
      </div>
      <PlayerControls player={player}>{actions}</PlayerControls>
    </div>
  );
}
