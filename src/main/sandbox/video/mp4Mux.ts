/**
 * An MP4 around the Sandbox's H.264 frames and a sound track, muxed by mediabunny (moov before mdat, so a
 * <video> can start playing before the whole file has arrived). The service generates sound with the frames;
 * the Sandbox's is silence, but a real AAC track, so the player's volume and mute act on something.
 */
import { BufferTarget, EncodedAudioPacketSource, EncodedPacket, EncodedVideoPacketSource, Mp4OutputFormat, Output } from 'mediabunny';
import { CONSTRAINT_FLAGS, PROFILE_BASELINE } from './h264';
import { SILENT_AAC, silentAacFrames } from './silentAac';

export interface Mp4Track {
  readonly width: number;
  readonly height: number;
  readonly fps: number;
  readonly level: number;
  readonly sps: Uint8Array;
  readonly pps: Uint8Array;
  /** One access unit a frame: its NAL units, without start codes. */
  readonly samples: readonly (readonly Uint8Array[])[];
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

/** Muxes the frames (the first an IDR picture, the rest P pictures) with a silent AAC track of the same length. */
export async function muxMp4(t: Mp4Track): Promise<Uint8Array> {
  const target = new BufferTarget();
  const output = new Output({ format: new Mp4OutputFormat({ fastStart: 'in-memory' }), target });
  const video = new EncodedVideoPacketSource('avc');
  const audio = new EncodedAudioPacketSource('aac');
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
    decoderConfig: { codec: 'mp4a.40.2', sampleRate: SILENT_AAC.sampleRate, numberOfChannels: SILENT_AAC.channels, description: SILENT_AAC.audioSpecificConfig },
  };
  const seconds = t.samples.length / t.fps;
  const frames = silentAacFrames(seconds);
  const aacFrame = SILENT_AAC.samplesPerFrame / SILENT_AAC.sampleRate;
  for (let i = 0; i < frames; i++) {
    // The last frame's time is cut to end with the picture, so the file is exactly as long as its video.
    const duration = Math.min(aacFrame, seconds - i * aacFrame);
    await audio.add(new EncodedPacket(SILENT_AAC.frame, 'key', i * aacFrame, duration, i), i === 0 ? audioConfig : undefined);
  }

  await output.finalize();
  return new Uint8Array(target.buffer!);
}
