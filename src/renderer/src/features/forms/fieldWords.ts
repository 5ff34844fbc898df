import type { FieldSpec } from '../../../../shared/catalog/field';
import { VIDEO_FRAME_SIZES, VIDEO_MODES, VIDEO_RESOLUTIONS, type VideoMode, type VideoResolution } from '../../../../shared/catalog/video';
import type { MessageId } from '../../../../shared/i18n/catalog';
import type { AppText } from '../../../../shared/i18n/text';
import { videoModeLabel, videoSizeName } from '../../../../shared/video/videoWords';
import { currentText } from '../../ui/i18n/textStore';

/**
 * A field's words on screen, by the field's name. Kept here, beside the form, rather than in each endpoint's
 * definition: the catalog states the service's facts once per endpoint (a prompt is defined on 19 of them), while
 * a name means one thing to the artist whichever model takes it, so one row per name says it once.
 * `fieldWords.test.ts` holds the table to the catalog: every field of every endpoint has its row.
 */
interface FieldWords {
  readonly label: MessageId;
  /** for a numbered label ("Input image 2") */
  readonly number?: number;
  /** a line about the field, as the label's tooltip (the prompt's placeholder) */
  readonly about?: MessageId;
}

export const FIELD_WORDS: Readonly<Record<string, FieldWords>> = {
  aspect_ratio: { label: 'forms.field.aspectRatio', about: 'forms.about.aspectRatio' },
  bottom: { label: 'forms.field.bottom' },
  creativity: { label: 'forms.field.creativity', about: 'forms.about.creativity' },
  duration: { label: 'forms.field.duration' },
  edge_expansion: { label: 'forms.field.edgeExpansion', about: 'forms.about.edgeExpansion' },
  finetune_id: { label: 'forms.field.finetuneId' },
  finetune_strength: { label: 'forms.field.finetuneStrength', about: 'forms.about.finetuneStrength' },
  garment_image: { label: 'forms.field.garmentImage' },
  guidance: { label: 'forms.field.guidance', about: 'forms.about.guidance' },
  height: { label: 'forms.field.height' },
  image_prompt_strength: { label: 'forms.field.imagePromptStrength', about: 'forms.about.imagePromptStrength' },
  image_prompt: { label: 'forms.field.imagePrompt' },
  image: { label: 'forms.field.image' },
  input_image: { label: 'forms.field.inputImage' },
  input_image_2: { label: 'forms.field.inputImageNumbered', number: 2 },
  input_image_3: { label: 'forms.field.inputImageNumbered', number: 3 },
  input_image_4: { label: 'forms.field.inputImageNumbered', number: 4 },
  input_image_5: { label: 'forms.field.inputImageNumbered', number: 5 },
  input_image_6: { label: 'forms.field.inputImageNumbered', number: 6 },
  input_image_7: { label: 'forms.field.inputImageNumbered', number: 7 },
  input_image_8: { label: 'forms.field.inputImageNumbered', number: 8 },
  input_image_9: { label: 'forms.field.inputImageNumbered', number: 9 },
  input_image_10: { label: 'forms.field.inputImageNumbered', number: 10 },
  input_image_blob_path: { label: 'forms.field.inputImageBlobPath' },
  keyframes: { label: 'forms.field.keyframes' },
  left: { label: 'forms.field.left' },
  mask: { label: 'forms.field.mask' },
  mode: { label: 'forms.field.mode' },
  output_format: { label: 'forms.field.outputFormat', about: 'forms.about.outputFormat' },
  person_image: { label: 'forms.field.personImage' },
  prompt_upsampling: { label: 'forms.field.promptUpsampling', about: 'forms.about.promptUpsampling' },
  prompt: { label: 'forms.field.prompt', about: 'forms.about.prompt' },
  raw: { label: 'forms.field.raw', about: 'forms.about.raw' },
  reference_offset_x: { label: 'forms.field.referenceOffsetX' },
  reference_offset_y: { label: 'forms.field.referenceOffsetY' },
  resolution: { label: 'forms.field.resolution' },
  right: { label: 'forms.field.right' },
  safety_tolerance: { label: 'forms.field.safetyTolerance', about: 'forms.about.safetyTolerance' },
  seed: { label: 'forms.field.seed', about: 'forms.about.seed' },
  steps: { label: 'forms.field.steps', about: 'forms.about.steps' },
  top: { label: 'forms.field.top' },
  upscale_factor: { label: 'forms.field.upscaleFactor' },
  user: { label: 'forms.field.user' },
  video: { label: 'forms.field.video' },
  webhook_secret: { label: 'forms.field.webhookSecret' },
  webhook_url: { label: 'forms.field.webhookUrl' },
  width: { label: 'forms.field.width' },
};

/** What each value of a choice is called on screen, where the service's code says nothing to an artist. */
const VALUE_WORDS: Readonly<Record<string, Readonly<Record<string, MessageId>>>> = {
  resolution: { '768sq': 'forms.value.size768sq', '1k': 'forms.value.size1k', '2k': 'forms.value.size2k', '4k': 'forms.value.size4k' },
  // Outpainting's quality and the video model's mode share the field's name; their values do not overlap.
  mode: { fast: 'forms.value.fast', high: 'forms.value.high' },
  output_format: { png: 'forms.value.pngLossless' },
};

/** File types, shown as the names they are. */
const VALUE_NAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  output_format: { jpeg: 'JPEG', webp: 'WebP' },
};

const isVideoSize = (value: string): value is VideoResolution => (VIDEO_RESOLUTIONS as readonly string[]).includes(value);
const isVideoMode = (value: string): value is VideoMode => (VIDEO_MODES as readonly string[]).includes(value);

/** The video model's sizes and modes, in the words its own panel uses for them (videoWords.ts). */
function videoValue(field: string, value: string, text: AppText): string | undefined {
  if (field === 'mode' && isVideoMode(value)) return videoModeLabel(value, text);
  if (field !== 'resolution' || !isVideoSize(value)) return undefined;
  const { width, height, inferred } = VIDEO_FRAME_SIZES[value];
  const name = videoSizeName(value, text);
  return inferred ? text.t('video.size.choiceInferred', { name }) : text.t('video.size.choice', { name, width: String(width), height: String(height) });
}

/** True when a choice's value has words of its own; otherwise it shows as the code or product name it is (`JPEG`, `16:9`). */
export const valueHasWords = (field: Pick<FieldSpec, 'name'>, value: string): boolean =>
  VALUE_WORDS[field.name]?.[value] !== undefined || videoValue(field.name, value, currentText()) !== undefined;

/** A choice's value in words: "High quality" for `high`, "Full HD, 1920 × 1088" for `fhd`, `JPEG` as it is. */
export function valueLabel(field: Pick<FieldSpec, 'name'>, value: string, text: AppText = currentText()): string {
  const id = VALUE_WORDS[field.name]?.[value];
  if (id) return text.t(id);
  return videoValue(field.name, value, text) ?? VALUE_NAMES[field.name]?.[value] ?? value;
}

/** `safety_tolerance` → "Moderation tolerance"; `input_image_2` → "Input image 2"; a name without a row, spelt out. */
export function labelFor(field: Pick<FieldSpec, 'name'> | FieldSpec, text: AppText = currentText()): string {
  // Outpainting's mode is fast or high quality; the video model's mode keeps its name.
  if (field.name === 'mode' && 'values' in field && field.values.includes('fast')) return text.t('forms.field.quality');
  const words = FIELD_WORDS[field.name];
  if (words) return text.t(words.label, words.number === undefined ? undefined : { number: words.number });
  const spelt = field.name.split('_').join(' ');
  return spelt.charAt(0).toUpperCase() + spelt.slice(1);
}

/** The line about a field, for its tooltip, or undefined. */
export function aboutField(field: Pick<FieldSpec, 'name'>, text: AppText = currentText()): string | undefined {
  const id = FIELD_WORDS[field.name]?.about;
  return id ? text.t(id) : undefined;
}
