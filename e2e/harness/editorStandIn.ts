import { createHash } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import sharp from 'sharp';

/**
 * An image editor's stand-in, started by a spec on the working file the harness recorded "Edit in…" opening.
 * Each `save` line on its input paints a square into the file and saves it, then answers `saved <n> <sha256>`:
 * odd saves write the file in place (as GIMP's export does), even ones write a temporary file beside it and
 * rename it over the working copy (as Krita and Photoshop do). It waits for the next line, so the spec decides
 * when the next save happens (after it has seen the last one arrive), with no timing involved.
 */
const file = process.argv[2];
if (!file) throw new Error('usage: editorStandIn <working file>');

let saves = 0;
for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() !== 'save') continue;
  saves += 1;
  const before = await readFile(file);
  const { width = 1, height = 1 } = await sharp(before).metadata();
  const edge = Math.max(1, Math.floor(Math.min(width, height) / 4));
  const square = await sharp({ create: { width: edge, height: edge, channels: 4, background: saves % 2 ? '#e0301e' : '#1e90e0' } }).png().toBuffer();
  const after = await sharp(before).composite([{ input: square, left: Math.min(width - edge, (saves - 1) * edge), top: 0 }]).png().toBuffer();
  if (saves % 2 === 1) await writeFile(file, after);
  else {
    const temp = join(dirname(file), `.stand-in-${saves}.tmp`);
    await writeFile(temp, after);
    await rename(temp, file);
  }
  process.stdout.write(`saved ${saves} ${createHash('sha256').update(after).digest('hex')}\n`);
}
