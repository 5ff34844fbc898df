/** The icon sizes each target needs: one list, used by the script that makes them and the test that checks them. */

export const SOURCE_SVG = 'resources/icon.svg';
export const ICON_DIR = 'resources/icons';

/** Linux desktops pick from the hicolor sizes; the AppImage and deb take the folder whole. 1024 feeds the icns. */
export const PNG_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024] as const;

/** Windows: the shell asks for 16 to 256 depending on view and scaling. */
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256] as const;

/** macOS: the OSType of each entry iconutil writes for a full iconset, with its pixel size. */
export const ICNS_TYPES: ReadonlyArray<readonly [string, number]> = [
  ['ic04', 16],
  ['ic11', 32], // 16@2x
  ['ic05', 32],
  ['ic12', 64], // 32@2x
  ['ic07', 128],
  ['ic13', 256], // 128@2x
  ['ic08', 256],
  ['ic14', 512], // 256@2x
  ['ic09', 512],
  ['ic10', 1024], // 512@2x
];

export { WINDOW_ICON } from '../src/main/shell/appIcon';
