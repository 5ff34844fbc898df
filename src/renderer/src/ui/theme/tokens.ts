/**
 * The design tokens: the one source of every colour, space, radius and type size in the renderer. CSS reads
 * them as custom properties (`applyTokens` writes them on the root element, see `cssVariables`), and the Konva
 * adapters read `canvasPalette`, so the canvas and the panels around it never disagree.
 */

export const THEME_NAMES = ['dark', 'light'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

/** Colours drawn by Konva on the canvas (not by CSS). Part of the palette so each theme sets them too. */
export interface CanvasPalette {
  /** the area around the picture */
  readonly backdrop: string;
  /** the expansion frame's outline, its handles' border and the new area's hatching */
  readonly frame: string;
  /** the new area's ground between the hatching */
  readonly newArea: string;
  /** the fill of a drag handle */
  readonly handle: string;
  /** bounding boxes, their labels and the transformer */
  readonly box: string;
  readonly boxFill: string;
  /** the dashed shape and lasso previews and the brush ring */
  readonly guide: string;
}

export interface Palette {
  /** the window's ground, under inputs and code */
  readonly bg: string;
  /** bars, side panels, cards */
  readonly panel: string;
  /** raised controls on a panel */
  readonly panel2: string;
  /** a selected card or rail item */
  readonly selected: string;
  readonly line: string;
  /** a border under the pointer */
  readonly lineStrong: string;
  readonly text: string;
  /** body text that should recede a little (notes, summaries) */
  readonly textSoft: string;
  readonly muted: string;
  readonly accent: string;
  /** the ground of a primary button and an active tool */
  readonly primary: string;
  readonly primaryHover: string;
  readonly primaryLine: string;
  /** a box that asks for attention without alarm (the generate box) */
  readonly accentSurface: string;
  readonly accentLine: string;
  readonly info: string;
  readonly infoLine: string;
  readonly infoSurface: string;
  readonly note: string;
  readonly noteSurface: string;
  readonly warn: string;
  readonly warnLine: string;
  readonly warnSurface: string;
  readonly danger: string;
  readonly dangerLine: string;
  readonly dangerText: string;
  readonly dangerSurface: string;
  readonly purple: string;
  readonly purpleLine: string;
  readonly purpleText: string;
  readonly purpleSurface: string;
  /** behind images and videos while they load, and around letterboxed media */
  readonly media: string;
  /** the dimmed page behind a dialog */
  readonly scrim: string;
  readonly shadow: string;
  /** a drop target laid over the canvas, and the same under the pointer */
  readonly dropSurface: string;
  readonly dropSurfaceOver: string;
  readonly canvas: CanvasPalette;
}

const dark: Palette = {
  bg: '#16171b',
  panel: '#1e2026',
  panel2: '#262930',
  selected: '#232838',
  line: '#33363f',
  lineStrong: '#4a4e5a',
  text: '#e8e9ed',
  textSoft: '#c9ccd6',
  muted: '#9a9ead',
  accent: '#7c9cff',
  primary: '#2d3b6b',
  primaryHover: '#34457c',
  primaryLine: '#45589a',
  accentSurface: '#1b2030',
  accentLine: '#3b4a7a',
  info: '#6cc3a0',
  infoLine: '#2f5a4a',
  infoSurface: '#18261f',
  note: '#bcd3ee',
  noteSurface: '#18222e',
  warn: '#e0b460',
  warnLine: '#5e4c2a',
  warnSurface: '#2b2416',
  danger: '#ff7b7b',
  dangerLine: '#6b3434',
  dangerText: '#ffb3b3',
  dangerSurface: '#2a1b1e',
  purple: '#c59cff',
  purpleLine: '#4d3b66',
  purpleText: '#d6cce6',
  purpleSurface: '#231e2e',
  media: '#0d0e11',
  scrim: 'rgba(8, 9, 12, 0.6)',
  shadow: 'rgba(0, 0, 0, 0.5)',
  dropSurface: 'rgba(20, 24, 32, 0.82)',
  dropSurfaceOver: 'rgba(74, 144, 217, 0.35)',
  canvas: {
    backdrop: '#15171d',
    frame: '#4a90d9',
    newArea: '#2b3140',
    handle: '#ffffff',
    box: '#ffd24a',
    boxFill: 'rgba(255, 210, 74, 0.12)',
    guide: '#ffffff',
  },
};

const light: Palette = {
  bg: '#f4f5f8',
  panel: '#ffffff',
  panel2: '#eceef3',
  selected: '#e3e9fb',
  line: '#d5d8e0',
  lineStrong: '#a9aebb',
  text: '#1b1d23',
  textSoft: '#3d414c',
  muted: '#5f6573',
  accent: '#3556d0',
  primary: '#3556d0',
  primaryHover: '#2b47b3',
  primaryLine: '#2b47b3',
  accentSurface: '#eef2fe',
  accentLine: '#b9c6f3',
  info: '#1a7350',
  infoLine: '#9fd3bd',
  infoSurface: '#e6f5ee',
  note: '#1f4b7a',
  noteSurface: '#e7f0fa',
  warn: '#8a5a00',
  warnLine: '#e2c585',
  warnSurface: '#fbf3e1',
  danger: '#c62828',
  dangerLine: '#eeb0b0',
  dangerText: '#a31f1f',
  dangerSurface: '#fdecec',
  purple: '#6d3fc0',
  purpleLine: '#cdb8ef',
  purpleText: '#4a2d80',
  purpleSurface: '#f4eefc',
  media: '#dfe2e8',
  scrim: 'rgba(20, 22, 28, 0.35)',
  shadow: 'rgba(20, 22, 28, 0.18)',
  dropSurface: 'rgba(255, 255, 255, 0.88)',
  dropSurfaceOver: 'rgba(53, 86, 208, 0.22)',
  canvas: {
    backdrop: '#c9ccd3',
    frame: '#2f6fc0',
    newArea: '#b3bccb',
    handle: '#ffffff',
    box: '#d99a00',
    boxFill: 'rgba(217, 154, 0, 0.14)',
    guide: '#1b1d23',
  },
};

export const PALETTES: Readonly<Record<ThemeName, Palette>> = { dark, light };

/** Text on a primary ground, where the primary ground differs in lightness between themes. */
const onPrimary: Readonly<Record<ThemeName, string>> = { dark: dark.text, light: '#ffffff' };

/** Spacing on a 2 px grid up to 12 px, then wider steps: the distances layouts use, not every pixel count. */
const SPACE = { 1: '2px', 2: '4px', 3: '6px', 4: '8px', 5: '10px', 6: '12px', 7: '16px', 8: '20px', 9: '24px', 10: '32px', 11: '40px' } as const;
const RADIUS = { xs: '2px', sm: '4px', md: '6px', lg: '8px', xl: '12px', pill: '999px', round: '50%' } as const;
export const TEXT = { xs: '11px', sm: '12px', md: '13px', base: '14px', lg: '16px', xl: '18px', xxl: '22px' } as const;
/**
 * Type faces. Chinese, Japanese and Korean need a face with their characters on every system: the one each system
 * ships (macOS PingFang and Hiragino, Windows Microsoft YaHei, Meiryo and Malgun Gothic) and Noto Sans CJK on Linux
 * (Debian's fonts-noto-cjk). The same Han character is drawn differently in each of the three, so the page's
 * language (`<html lang>`) picks its own list first (styles.css, `--font-cjk`).
 */
const FONT = {
  body: "system-ui, -apple-system, 'Segoe UI', Roboto, var(--font-cjk), sans-serif",
  mono: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, var(--font-cjk), monospace",
  cjkZh: "'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Hiragino Sans', 'Noto Sans CJK JP', 'Malgun Gothic', 'Noto Sans CJK KR'",
  cjkJa: "'Hiragino Sans', 'Hiragino Kaku Gothic ProN', Meiryo, 'Noto Sans CJK JP', 'PingFang SC', 'Noto Sans CJK SC', 'Malgun Gothic', 'Noto Sans CJK KR'",
  cjkKo: "'Apple SD Gothic Neo', 'Malgun Gothic', 'Noto Sans CJK KR', 'PingFang SC', 'Noto Sans CJK SC', 'Hiragino Sans', 'Noto Sans CJK JP'",
} as const;

const kebab = (key: string) => key.replace(/[A-Z0-9]+/g, (m) => `-${m.toLowerCase()}`);

/** Every custom property a theme defines, by name (`--panel-2`, `--canvas-backdrop`, `--space-4`, ...). */
export function cssVariables(theme: ThemeName): Record<string, string> {
  const p = PALETTES[theme];
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(p)) if (typeof value === 'string') out[`--${kebab(key)}`] = value;
  for (const [key, value] of Object.entries(p.canvas)) out[`--canvas-${kebab(key)}`] = value;
  out['--on-primary'] = onPrimary[theme];
  for (const [key, value] of Object.entries(SPACE)) out[`--space-${key}`] = value;
  for (const [key, value] of Object.entries(RADIUS)) out[`--radius-${key}`] = value;
  for (const [key, value] of Object.entries(TEXT)) out[`--font-size-${key}`] = value;
  out['--font-body'] = FONT.body;
  out['--font-mono'] = FONT.mono;
  out['--font-cjk-zh'] = FONT.cjkZh;
  out['--font-cjk-ja'] = FONT.cjkJa;
  out['--font-cjk-ko'] = FONT.cjkKo;
  return out;
}

/** The colours the Konva adapters draw with, for a theme. */
export function canvasPalette(theme: ThemeName): CanvasPalette {
  return PALETTES[theme].canvas;
}
