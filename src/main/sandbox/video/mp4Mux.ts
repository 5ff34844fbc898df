/**
 * An MP4 around the Sandbox's H.264 frames and a sound track, muxed by mediabunny (moov before mdat, so a
 * <video> can start playing before the whole file has arrived). The service generates sound with the frames;
 * the Sandbox's is a tone that follows the picture (toneFlac.ts), so the player's volume and mute act on
 * something audible and a test can hear whether sound and picture stay in step.
 */
import { BufferTarget, EncodedAudioPacketSource, EncodedPacket, EncodedVideoPacketSource, Mp4OutputFormat, Output } from 'mediabunny';
import { CONSTRAINT_FLAGS, PROFILE_BASELINE } from './h264';
import type { FlacTrack } from './toneFlac';

export interface Mp4Track {
  readonly width: number;
  readonly height: number;
  readonly fps: number;
  readonly level: number;
  readonly sps: Uint8Array;
  readonly pps: Uint8Array;
  /** One access unit a frame: its NAL units, without start codes. */
  readonly samples: readonly (readonly Uint8Array[])[];
  /** As long as the picture. */
  readonly sound: FlacTrack;
}

const hex2 = (v: number) => v.toString(16).padStart(2, '0');

/** The AVCDecoderConfigurationRecord (ISO 14496-15): what the sample entry's avcC box holds. */
function avcDecoderConfig(t: Mp4Track): Uint8Array {
  return Uint8Array.from([
    1,
    PROFILE_BASELINE,
    CONSTRAINT_FLAGS,
    t.level,
    0xfc | 3, // four-byte NAL lengths
    0xe0 | 1,
    t.sps.length >> 8,
    t.sps.length & 0xff,
    ...t.sps,
    1,
    t.pps.length >> 8,
    t.pps.length & 0xff,
    ...t.pps,
  ]);
}

/** An access unit as the MP4 stores it: each NAL unit after its four-byte length. */
function lengthPrefixed(nals: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(nals.reduce((n, nal) => n + 4 + nal.length, 0));
  const view = new DataView(out.buffer);
  let at = 0;
  for (const nal of nals) {
    view.setUint32(at, nal.length);
    out.set(nal, at + 4);
    at += 4 + nal.length;
  }
  return out;
}

/** Muxes the frames (the first an IDR picture, the rest P pictures) with their sound. */
export async function muxMp4(t: Mp4Track): Promise<Uint8Array> {
  const target = new BufferTarget();
  const output = new Output({ format: new Mp4OutputFormat({ fastStart: 'in-memory' }), target });
  const video = new EncodedVideoPacketSource('avc');
  const audio = new EncodedAudioPacketSource('flac');
  output.addVideoTrack(video, { frameRate: t.fps });
  output.addAudioTrack(audio);
  await output.start();

  const frame = 1 / t.fps;
  const videoConfig = {
    decoderConfig: {
      codec: `avc1.${hex2(PROFILE_BASELINE)}${hex2(CONSTRAINT_FLAGS)}${hex2(t.level)}`,
      codedWidth: t.width,
      codedHeight: t.height,
      description: avcDecoderConfig(t),
    },
  };
  for (let i = 0; i < t.samples.length; i++) {
    const packet = new EncodedPacket(lengthPrefixed(t.samples[i]!), i === 0 ? 'key' : 'delta', i * frame, frame, i);
    await video.add(packet, i === 0 ? videoConfig : undefined);
  }

  const audioConfig = {
    decoderConfig: { codec: 'flac', sampleRate: t.sound.sampleRate, numberOfChannels: 1, description: t.sound.description },
  };
  for (const [i, f] of t.sound.frames.entries()) {
    await audio.add(new EncodedPacket(f.data, 'key', f.start / t.sound.sampleRate, f.samples / t.sound.sampleRate, i), i === 0 ? audioConfig : undefined);
  }

  await output.finalize();
  return withoutDates(new Uint8Array(target.buffer!));
}

const CONTAINERS = new Set(['moov', 'trak', 'mdia']);
const DATED = new Set(['mvhd', 'tkhd', 'mdhd']);

/**
 * The file with its creation and modification times set to 0 ("unknown"): mediabunny writes the clock's time,
 * and the Sandbox answers the same request with the same bytes, whenever it is made.
 */
function withoutDates(mp4: Uint8Array): Uint8Array {
  const view = new DataView(mp4.buffer, mp4.byteOffset, mp4.length);
  const walk = (from: number, to: number) => {
    for (let at = from; at + 8 <= to; ) {
      const size = view.getUint32(at);
      const type = String.fromCharCode(...mp4.subarray(at + 4, at + 8));
      if (size < 8 || at + size > to) return;
      if (CONTAINERS.has(type)) walk(at + 8, at + size);
      else if (DATED.has(type)) mp4.fill(0, at + 12, at + 12 + (mp4[at + 8] === 1 ? 16 : 8));
      at += size;
    }
  };
  walk(0, mp4.length);
  return mp4;
}
