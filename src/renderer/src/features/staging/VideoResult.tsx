import { useState, type RefObject } from 'react';
import type { LibraryItem } from '../../../../shared/ipc/contract';
import { Button } from '../../ui/Button';
import type { FrameAction } from './frameActions';
import { FrameButtons } from './FrameButtons';
import { VideoPlayer, type PlayerHandle } from '../player/VideoPlayer';
import { openUpscale } from '../studio/openUpscale';
import { decideResult } from './stagingActions';
import { useStagingStore } from './stagingStore';
import type { StripEntry } from './stripModel';
import { useText } from '../../ui/i18n/textStore';

/**
 * A video result over the canvas area: the player, fitted, with "use this frame" beside its controls. Keys reach it
 * when it has focus, and Space, comma and period from the strip (through `player`).
 */
export function VideoResult({ item, frame, player }: { item: LibraryItem; frame: { left: number; top: number; width: number; height: number }; player: RefObject<PlayerHandle | null> }) {
  const [busy, setBusy] = useState(false);
  const { t } = useText();
  const use = async (how: FrameAction['run']) => {
    const video = player.current?.videoRef.current;
    if (!video || busy) return;
    setBusy(true);
    useStagingStore.getState().say(null);
    try {
      useStagingStore.getState().say(await how(video, item.fileName));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="result-overlay video-result" style={frame} role="group" aria-label={t('strip.preview')}>
      <div className="video-result-box">
        <VideoPlayer
          ref={player}
          src={item.url}
          poster={item.thumbnailUrl}
          label={t('strip.videoResult')}
          actions={<FrameButtons disabled={busy} onUse={(a) => void use(a.run)} />}
        />
      </div>
    </div>
  );
}

/** What the strip offers for a video result: its frames are used from the player; the clip itself is upscaled or kept. */
export function VideoActions({ item, entry }: { item: LibraryItem; entry: StripEntry }) {
  const busy = useStagingStore((s) => s.busy);
  const { t } = useText();
  return (
    <>
      <Button disabled={busy} onClick={() => void openUpscale(item).then((note) => note && useStagingStore.getState().say(note))}>
        {t('strip.upscale')}
      </Button>
      <Button disabled={busy} onClick={() => decideResult(entry, 'kept')}>
        {t('strip.keep')}
      </Button>
    </>
  );
}
