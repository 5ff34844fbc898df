/**
 * The few H.264 syntax structures the sandbox's clips need (Constrained Baseline, CAVLC, one slice a
 * picture): parameter sets, an IDR picture of Intra16x16 DC and I_PCM macroblocks, and P pictures of
 * P_Skip and I_PCM macroblocks. Every macroblock reconstructs exactly (no residual is quantised and the
 * deblocking filter is off), so the encoder knows the decoded picture without decoding it.
 */
import { BitWriter, nalUnit } from './bitWriter';
import type { Planes } from './yuv';
import { readMacroblock } from './yuv';

export const PROFILE_BASELINE = 66;
/** constraint_set0 and constraint_set1: Constrained Baseline, which every H.264 decoder plays. */
export const CONSTRAINT_FLAGS = 0xc0;
const LOG2_MAX_FRAME_NUM = 16;

export interface StreamFormat {
  /** Visible size (even). */
  readonly width: number;
  readonly height: number;
  readonly fps: number;
}

export const mbCols = (f: StreamFormat) => Math.ceil(f.width / 16);
export const mbRows = (f: StreamFormat) => Math.ceil(f.height / 16);

/** [level_idc, MaxFS in macroblocks, MaxMBPS] from Table A-1. */
const LEVELS: readonly (readonly [number, number, number])[] = [
  [10, 99, 1485], [11, 396, 3000], [12, 396, 6000], [13, 396, 11880], [20, 396, 11880], [21, 792, 19800],
  [22, 1620, 20250], [30, 1620, 40500], [31, 3600, 108000], [32, 5120, 216000], [40, 8192, 245760],
  [42, 8704, 522240], [50, 22080, 589824], [51, 36864, 983040], [52, 36864, 2073600], [60, 139264, 4177920],
];

/** The lowest level whose frame size and macroblock rate admit the stream. */
export function levelFor(f: StreamFormat): number {
  const frame = mbCols(f) * mbRows(f);
  const edge = Math.max(mbCols(f), mbRows(f));
  const fit = LEVELS.find(([, maxFs, maxMbps]) => frame <= maxFs && edge <= Math.sqrt(8 * maxFs) && frame * f.fps <= maxMbps);
  return (fit ?? LEVELS[LEVELS.length - 1]!)[0];
}

export function sequenceParameterSet(f: StreamFormat): Uint8Array {
  const w = new BitWriter(64);
  w.bits(PROFILE_BASELINE, 8);
  w.bits(CONSTRAINT_FLAGS, 8);
  w.bits(levelFor(f), 8);
  w.ue(0); // seq_parameter_set_id
  w.ue(LOG2_MAX_FRAME_NUM - 4);
  w.ue(2); // pic_order_cnt_type 2: output order is decoding order, nothing to signal per slice
  w.ue(1); // max_num_ref_frames
  w.flag(false); // gaps_in_frame_num_value_allowed_flag
  w.ue(mbCols(f) - 1);
  w.ue(mbRows(f) - 1);
  w.flag(true); // frame_mbs_only_flag
  w.flag(true); // direct_8x8_inference_flag
  const cropRight = (mbCols(f) * 16 - f.width) / 2;
  const cropBottom = (mbRows(f) * 16 - f.height) / 2;
  const crop = cropRight > 0 || cropBottom > 0;
  w.flag(crop);
  if (crop) {
    // In 4:2:0 frames the offsets count pairs of luma samples.
    w.ue(0);
    w.ue(cropRight);
    w.ue(0);
    w.ue(cropBottom);
  }
  w.flag(true); // vui_parameters_present_flag
  w.flag(false); // aspect_ratio_info_present_flag
  w.flag(false); // overscan_info_present_flag
  w.flag(true); // video_signal_type_present_flag
  w.bits(5, 3); // video_format: unspecified
  w.flag(false); // video_full_range_flag: limited range
  w.flag(true); // colour_description_present_flag
  w.bits(1, 8); // colour_primaries: BT.709
  w.bits(1, 8); // transfer_characteristics: BT.709
  w.bits(1, 8); // matrix_coefficients: BT.709
  w.flag(false); // chroma_loc_info_present_flag
  w.flag(true); // timing_info_present_flag
  w.bits(1, 32); // num_units_in_tick
  w.bits(2 * f.fps, 32); // time_scale: two ticks a frame
  w.flag(true); // fixed_frame_rate_flag
  w.flag(false); // nal_hrd_parameters_present_flag
  w.flag(false); // vcl_hrd_parameters_present_flag
  w.flag(false); // pic_struct_present_flag
  w.flag(true); // bitstream_restriction_flag: lets a decoder show each frame as soon as it is decoded
  w.flag(true); // motion_vectors_over_pic_boundaries_flag
  w.ue(0); // max_bytes_per_pic_denom
  w.ue(0); // max_bits_per_mb_denom
  w.ue(15); // log2_max_mv_length_horizontal
  w.ue(15); // log2_max_mv_length_vertical
  w.ue(0); // max_num_reorder_frames
  w.ue(1); // max_dec_frame_buffering
  w.trailingBits();
  return nalUnit(0x67, w.finish());
}

export function pictureParameterSet(): Uint8Array {
  const w = new BitWriter(16);
  w.ue(0); // pic_parameter_set_id
  w.ue(0); // seq_parameter_set_id
  w.flag(false); // entropy_coding_mode_flag: CAVLC
  w.flag(false); // bottom_field_pic_order_in_frame_present_flag
  w.ue(0); // num_slice_groups_minus1
  w.ue(0); // num_ref_idx_l0_default_active_minus1
  w.ue(0); // num_ref_idx_l1_default_active_minus1
  w.flag(false); // weighted_pred_flag
  w.bits(0, 2); // weighted_bipred_idc
  w.se(0); // pic_init_qp_minus26
  w.se(0); // pic_init_qs_minus26
  w.se(0); // chroma_qp_index_offset
  w.flag(true); // deblocking_filter_control_present_flag: so slices can turn the filter off
  w.flag(false); // constrained_intra_pred_flag
  w.flag(false); // redundant_pic_cnt_present_flag
  w.trailingBits();
  return nalUnit(0x68, w.finish());
}

function sliceHeader(w: BitWriter, idr: boolean, frameNum: number): void {
  w.ue(0); // first_mb_in_slice
  w.ue(idr ? 7 : 5); // slice_type: I or P, the same for the whole picture
  w.ue(0); // pic_parameter_set_id
  w.bits(frameNum % 2 ** LOG2_MAX_FRAME_NUM, LOG2_MAX_FRAME_NUM);
  if (idr) w.ue(0); // idr_pic_id
  if (!idr) {
    w.flag(false); // num_ref_idx_active_override_flag
    w.flag(false); // ref_pic_list_modification_flag_l0
  }
  // dec_ref_pic_marking: every picture is a short-term reference, the sliding window drops the older one.
  if (idr) {
    w.flag(false); // no_output_of_prior_pics_flag
    w.flag(false); // long_term_reference_flag
  } else {
    w.flag(false); // adaptive_ref_pic_marking_mode_flag
  }
  w.se(0); // slice_qp_delta
  w.ue(1); // disable_deblocking_filter_idc: off, so I_PCM and flat blocks stay exactly as written
}

const pcmBuffer = new Uint8Array(384);

function writePcm(w: BitWriter, p: Planes, mb: number): void {
  w.alignZero(); // pcm_alignment_zero_bit
  readMacroblock(p, mb, pcmBuffer);
  w.bytes(pcmBuffer);
}

/** coeff_token for TotalCoeff 0, TrailingOnes 0, by the nC ranges of Table 9-5. */
function writeNoCoefficients(w: BitWriter, nC: number): void {
  if (nC < 2) w.bits(0b1, 1);
  else if (nC < 4) w.bits(0b11, 2);
  else if (nC < 8) w.bits(0b1111, 4);
  else w.bits(0b000011, 6);
}

/**
 * An IDR picture. Macroblocks marked `flat` copy their left and top neighbours exactly through Intra16x16
 * DC prediction with no residual (a few bits each); the rest are I_PCM. A flat macroblock must have a
 * flat or PCM neighbour holding its colour above or to the left; the caller guarantees that.
 */
export function idrPicture(f: StreamFormat, p: Planes, flat: Uint8Array): Uint8Array {
  const cols = mbCols(f);
  const total = cols * mbRows(f);
  const w = new BitWriter(total * 2 + 4096);
  sliceHeader(w, true, 0);
  for (let mb = 0; mb < total; mb++) {
    if (!flat[mb]) {
      w.ue(25); // I_PCM
      writePcm(w, p, mb);
      continue;
    }
    w.ue(3); // I_16x16_2_0_0: DC prediction, no AC or chroma coefficients
    w.ue(0); // intra_chroma_pred_mode: DC
    w.se(0); // mb_qp_delta
    // Intra16x16DCLevel is always coded; its nC comes from the neighbouring 4x4 blocks: 16 in an
    // I_PCM macroblock, 0 in a flat one (no coded AC).
    const x = mb % cols;
    const left = x > 0 ? (flat[mb - 1] ? 0 : 16) : -1;
    const top = mb >= cols ? (flat[mb - cols] ? 0 : 16) : -1;
    const nC = left >= 0 && top >= 0 ? (left + top + 1) >> 1 : left >= 0 ? left : top >= 0 ? top : 0;
    writeNoCoefficients(w, nC);
  }
  w.trailingBits();
  return nalUnit(0x65, w.finish());
}

/** A P picture: the macroblocks listed (ascending) are sent as I_PCM, every other one is P_Skip. */
export function pPicture(f: StreamFormat, p: Planes, frameNum: number, changed: readonly number[]): Uint8Array {
  const total = mbCols(f) * mbRows(f);
  const w = new BitWriter(changed.length * 390 + 64);
  sliceHeader(w, false, frameNum);
  let next = 0;
  for (const mb of changed) {
    w.ue(mb - next); // mb_skip_run
    w.ue(5 + 25); // I_PCM in a P slice
    writePcm(w, p, mb);
    next = mb + 1;
  }
  if (next < total) w.ue(total - next);
  w.trailingBits();
  return nalUnit(0x41, w.finish());
}
