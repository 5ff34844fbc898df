/**
 * `npm run icons`: renders every icon the app and its installers use from the one drawing, resources/icon.svg.
 *   resources/icons/png/NxN.png   Linux (AppImage, deb, the window icon) and the sizes below
 *   resources/icons/icon.ico      Windows (the .exe, the NSIS installer, the taskbar), and the Chromium runner's favicon
 *   resources/icons/icon.icns     macOS (the .app, the dmg)
 * The outputs are committed, so a build never needs this script; run it again after changing the drawing.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IconIcns, IconIco } from '@shockpkg/icon-encoder';
import sharp from 'sharp';
import { ICNS_TYPES, ICO_SIZES, ICON_DIR, PNG_SIZES, SOURCE_SVG } from './iconSizes';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

async function render(svg: Buffer, size: number): Promise<Buffer> {
  // The drawing is 1024 units wide: 72 dpi renders it at 1024 px, above that for the (none yet) larger sizes.
  return sharp(svg, { density: Math.max(72, (72 * size) / 1024) })
    .resize(size, size, { kernel: 'lanczos3' })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

async function main(): Promise<void> {
  const svg = await readFile(join(ROOT, SOURCE_SVG));
  const out = join(ROOT, ICON_DIR);
  await mkdir(join(out, 'png'), { recursive: true });

  const pngs = new Map<number, Buffer>();
  const sizes = [...new Set([...PNG_SIZES, ...ICO_SIZES, ...ICNS_TYPES.map(([, size]) => size)])].sort((a, b) => a - b);
  for (const size of sizes) pngs.set(size, await render(svg, size));
  const png = (size: number): Buffer => {
    const bytes = pngs.get(size);
    if (!bytes) throw new Error(`no ${size} px rendering`);
    return bytes;
  };

  for (const size of PNG_SIZES) await writeFile(join(out, 'png', `${size}x${size}.png`), png(size));

  const ico = new IconIco();
  // PNG entries for every size: Windows Vista and later read them, and they keep the file small.
  for (const size of ICO_SIZES) await ico.addFromPng(png(size), true, true);
  await writeFile(join(out, 'icon.ico'), ico.encode());

  const icns = new IconIcns();
  icns.toc = true;
  for (const [type, size] of ICNS_TYPES) await icns.addFromPng(png(size), [type], true);
  await writeFile(join(out, 'icon.icns'), icns.encode());

  console.log(`Icons written to ${out}: ${PNG_SIZES.length} PNGs, icon.ico (${ICO_SIZES.join(', ')}), icon.icns (${ICNS_TYPES.length} entries)`);
}

await main();
