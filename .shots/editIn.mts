import { readFile, writeFile } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { launchChromium } from '../e2e/harness/launch';

/** Edit in…'s screenshots for docs/editing.md: the menu, the note of a save come back, and Settings' choice. */
const out = process.argv[2] ?? 'docs/images';
const dataDir = await mkdtemp(join(tmpdir(), 'editin-shot-'));
const app = await launchChromium({ dataDir, headless: true });
const page = app.page;
await page.setViewportSize({ width: 1440, height: 900 });
await page.getByRole('navigation').getByRole('button', { name: 'Studio' }).click();
await page.getByRole('status', { name: 'Save status' }).filter({ hasText: 'Saved' }).waitFor();
const pic = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#4a7' } }).png().toBuffer();
await page.getByLabel('Open a picture').setInputFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: pic });
await page.getByLabel('Image size').filter({ hasText: '800 × 600' }).waitFor();

// Krita picked once in Settings (the harness answers the application dialog).
app.harness!.desktop.answerApplication('/opt/krita/bin/krita');
await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();
await page.getByRole('button', { name: 'Choose another app…' }).click();
await page.getByText('/opt/krita/bin/krita').waitFor();
const section = page.getByRole('region', { name: 'Image editor' });
await section.scrollIntoViewIfNeeded();
await section.screenshot({ path: `${out}/edit-in-settings.png` });

await page.getByRole('navigation').getByRole('button', { name: 'Studio' }).click();
await page.getByRole('button', { name: 'Edit in…' }).click();
await page.getByRole('menu', { name: 'Edit in another app' }).waitFor();
await page.screenshot({ path: `${out}/edit-in-menu.png`, clip: { x: 0, y: 0, width: 1440, height: 320 } });

await page.getByRole('menuitem', { name: 'Edit in Krita' }).click();
await page.getByRole('button', { name: 'Stop editing in Krita' }).waitFor();
const calls = (await readFile(join(dataDir, '.desktop', 'calls.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as { call: string; path?: string });
const file = calls.filter((c) => c.call === 'openInEditor').at(-1)!.path!;
// What Krita would save: the same picture with a square painted on it (here flattened, as a PNG save would be).
const square = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#e0301e' } }).png().toBuffer();
const edited = await sharp(pic).composite([{ input: square, left: 300, top: 200 }]).png().toBuffer();
await writeFile(file, edited);
await page.getByText('Back from Krita: version 2').waitFor();
await page.waitForTimeout(500);
await page.screenshot({ path: `${out}/edit-in-back.png`, clip: { x: 0, y: 0, width: 1440, height: 900 } });
await app.close();
console.log('ok', file);
