import { words, type Words, type WordsValue } from '../../../shared/i18n/words';
import type { SizeFigure } from '../../../shared/text/sizeWords';

/** Megapixels as the studio has always written them: one decimal under ten, whole numbers above. */
const megapixels = (mp: number): Words => (mp < 10 ? words('pictures.asset.megapixelsTenths', { mp }) : words('pictures.asset.megapixelsWhole', { mp }));

/** A size in the language's numbers and units: `256,004 MB` in German, `268 435 457 octets (256 Mo)` in French. */
const size = (figure: SizeFigure): Words =>
  figure.unit === 'megabyte'
    ? words('pictures.size.megabytes', { mb: figure.value, places: `d${figure.decimals}` })
    : figure.about
      ? words('pictures.size.bytesAbout', { bytes: figure.value, about: size(figure.about) })
      : words('pictures.size.bytes', { bytes: figure.value });

/**
 * What main says about pictures and videos coming in (the asset store, poster frames, a large picture being opened),
 * layered files going out, and Edit in another app, as words (`pictures.*` in the catalogs), so the window says them
 * in the artist's language. File, project and app names, the system's and a file's own words are values, never
 * translated; pixel sizes are strings, so they read as the image's size does (`16383 × 16383`, never grouped).
 */
export const pictures = {
  empty: (name: string) => words('pictures.asset.empty', { name }),
  /** `figures` as `sizeFigures` makes them */
  tooLarge: (name: string, figures: { size: SizeFigure; limit: SizeFigure }) => words('pictures.asset.tooLarge', { name, size: size(figures.size), limit: size(figures.limit) }),
  unreadable: (name: string) => words('pictures.asset.unreadable', { name }),
  tooManyPixels: (name: string, width: number, height: number, edge: number) =>
    words('pictures.asset.tooManyPixels', { name, width: String(width), height: String(height), millions: (width * height) / 1e6, limit: (edge * edge) / 1e6, edge: String(edge) }),
  tooMuchMemory: (name: string, o: { width: number; height: number; channels: number; bits: number; needGb: number; limitGb: number }) =>
    words('pictures.asset.tooMuchMemory', {
      name,
      need: o.needGb,
      width: String(o.width),
      height: String(o.height),
      channels: o.channels,
      bits: o.bits,
      limit: o.limitGb,
      deep: o.bits > 8 ? 'yes' : 'no',
    }),
  notDecoded: (name: string) => words('pictures.asset.notDecoded', { name }),
  quickTime: (name: string) => words('pictures.asset.quickTime', { name }),
  notMp4: (name: string) => words('pictures.asset.notMp4', { name }),
  incompleteMp4: (name: string) => words('pictures.asset.incompleteMp4', { name }),
  tooComplexMp4: (name: string, boxes: number) => words('pictures.asset.tooComplexMp4', { name, boxes }),
  // A downloaded result the library does not keep: it has no name of its own yet.
  resultEmpty: words('pictures.result.empty'),
  resultNotMedia: words('pictures.result.notMedia'),
  resultPictureDamaged: words('pictures.result.pictureDamaged'),
  resultVideoIncomplete: words('pictures.result.videoIncomplete'),
  resultVideoTooComplex: (boxes: number) => words('pictures.result.videoTooComplex', { boxes }),
  noPicture: (name: string) => words('pictures.asset.noPicture', { name }),
  hevc: (name: string) => words('pictures.asset.hevc', { name }),
  codec: (name: string, codec: string) => words('pictures.asset.codec', { name, codec }),
  noLength: (name: string) => words('pictures.asset.noLength', { name }),
  gone: words('pictures.asset.gone'),
  imageGone: words('pictures.asset.imageGone'),
  pictureNoPoster: (name: string) => words('pictures.asset.pictureNoPoster', { name }),
  videoNoDownscale: (name: string) => words('pictures.asset.videoNoDownscale', { name }),
  downscaleNothing: (name: string, mp: number, max: number) => words('pictures.asset.downscaleNothing', { name, mp: megapixels(mp), max }),
  downscaled: (name: string, from: { width: number; height: number }, to: { width: number; height: number }, max: number) =>
    words('pictures.asset.downscaled', {
      name,
      width: String(from.width),
      height: String(from.height),
      mp: megapixels((from.width * from.height) / 1e6),
      newWidth: String(to.width),
      newHeight: String(to.height),
      newMp: megapixels((to.width * to.height) / 1e6),
      max,
    }),
  openingPreview: (name: string, width: number, height: number, steps: number) => words('pictures.importing.preview', { name, width: String(width), height: String(height), steps }),
  openingTransparency: (name: string, width: number, height: number) => words('pictures.importing.transparency', { name, width: String(width), height: String(height) }),
  posterEmpty: words('pictures.poster.empty'),
  posterTooLarge: (mb: number, max: number) => words('pictures.poster.tooLarge', { mb, max }),
  posterNotPicture: words('pictures.poster.notPicture'),
  posterTooBig: (width: number, height: number, max: number) => words('pictures.poster.tooBig', { width: String(width), height: String(height), max: String(max) }),
  posterNotDecoded: words('pictures.poster.notDecoded'),
  resultGone: words('pictures.layers.resultGone'),
  videoHasNoLayers: words('pictures.layers.videoHasNone'),
  noPictureToExport: (name: string) => words('pictures.layers.noPicture', { name }),
  layersUnreadable: words('pictures.layers.unreadable'),
  layersNotWritten: (file: string) => words('pictures.layers.notWritten', { file }),
  noDragHere: words('pictures.layers.noDragHere'),
  onlyPictureEdits: words('pictures.editor.onlyPicture'),
  /** `app` null: the system's default app, which is not named */
  notOpened: (app: string | null, problem: string) => (app === null ? words('pictures.editor.pictureNotOpened', { problem }) : words('pictures.editor.appNotOpened', { app, problem })),
  projectGone: words('pictures.editor.projectGone'),
  /** `app` null: the system's default app, unnamed; `why` the import's refusal, in words where it has them */
  saveUnread: (app: string | null, why: WordsValue) => (app === null ? words('pictures.editor.saveUnreadDefault', { why }) : words('pictures.editor.saveUnread', { app, why })),
} satisfies Record<string, Words | ((...args: never[]) => Words)>;
