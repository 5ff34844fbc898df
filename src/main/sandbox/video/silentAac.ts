/**
 * One AAC-LC frame of silence, written from the syntax of ISO 14496-3 by hand: no AAC encoder runs in plain
 * Node (mediabunny encodes audio only through WebCodecs, which Node lacks), and silence needs no encoder. The
 * frame is a single channel element whose band count (max_sfb) is 0, so every spectral line is zero, then the
 * END element: 4 bytes that any AAC decoder turns into 1024 silent samples.
 */
import { BitWriter } from './bitWriter';

const SAMPLE_RATE = 48_000;
/** samplingFrequencyIndex of 48 kHz (Table 1.18). */
const RATE_INDEX = 3;
const AOT_AAC_LC = 2;

function audioSpecificConfig(): Uint8Array {
  const w = new BitWriter(4);
  w.bits(AOT_AAC_LC, 5);
  w.bits(RATE_INDEX, 4);
  w.bits(1, 4); // channelConfiguration: mono
  w.bits(0, 3); // GASpecificConfig: 1024-sample frames, no core coder, no extension
  w.alignZero();
  return w.finish();
}

function silentFrame(): Uint8Array {
  const w = new BitWriter(8);
  w.bits(0, 3); // id_syn_ele: single channel element
  w.bits(0, 4); // element_instance_tag
  w.bits(100, 8); // global_gain (no band uses it)
  w.bits(0, 1); // ics_reserved_bit
  w.bits(0, 2); // window_sequence: ONLY_LONG_SEQUENCE
  w.bits(0, 1); // window_shape
  w.bits(0, 6); // max_sfb: no bands, so no section, scale factor or spectral data
  w.bits(0, 1); // predictor_data_present
  w.bits(0, 1); // pulse_data_present
  w.bits(0, 1); // tns_data_present
  w.bits(0, 1); // gain_control_data_present
  w.bits(7, 3); // id_syn_ele: END
  w.alignZero();
  return w.finish();
}

export const SILENT_AAC = {
  sampleRate: SAMPLE_RATE,
  channels: 1,
  samplesPerFrame: 1024,
  audioSpecificConfig: audioSpecificConfig(),
  frame: silentFrame(),
} as const;

/** How many frames cover `seconds` of sound (the last may run a few milliseconds past the picture). */
export const silentAacFrames = (seconds: number) => Math.ceil((seconds * SAMPLE_RATE) / SILENT_AAC.samplesPerFrame);
