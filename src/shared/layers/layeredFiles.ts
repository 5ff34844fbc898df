/** Layered files Gen Studio takes as pictures, by name: file pickers offer them, and an unknown type with one of these names is let through. */
const LAYERED_EXTENSIONS = ['psd', 'psb', 'ora', 'tif', 'tiff'] as const;

/** What a picture's file chooser accepts: every image type, and the layered files whose types systems do not call images. */
export const PICTURE_ACCEPT = ['image/*', ...LAYERED_EXTENSIONS.map((e) => `.${e}`)].join(',');

export const isLayeredName = (name: string) => (LAYERED_EXTENSIONS as readonly string[]).includes(name.split('.').pop()?.toLowerCase() ?? '');
