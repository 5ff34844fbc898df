import { differences, dragImage, expectModel, expectedMask, exportedMask, openCanvas, openPicture, png, requestJson, shortcut, useModel } from './canvasDriver';
import { expect, test } from './fixtures';

const W = 400;
const H = 300;

test('paint a rectangle and a brush stroke, export the mask pixel-exact, undo and redo, and find it all after a restart', async ({ app }) => {
  let page = app.page;
  let canvas = await openCanvas(page);
  await openPicture(page, await png(W, H, '#3a6ea5'));
  await expect(page.getByLabel('Image size')).toHaveText(`${W} × ${H} px (0.12 MP)`);
  // 100%, so every screen pixel is one image pixel.
  await shortcut(canvas, 'Control+1');
  await expect(page.getByLabel('Zoom', { exact: true })).toHaveText('100%');

  await shortcut(canvas, 'r');
  await expect(page.getByRole('button', { name: 'Rectangle' })).toHaveAttribute('aria-pressed', 'true');
  await dragImage(page, canvas, [[20, 30], [120, 90]]);

  await shortcut(canvas, 'b');
  await page.getByLabel('Brush size').fill('20');
  await dragImage(page, canvas, [[200, 150], [250, 150], [300, 150]]);

  const rect: [number, number, number, number] = [20, 30, 100, 60];
  const stroke = { from: [200, 150] as [number, number], to: [300, 150] as [number, number], size: 20 };
  const both = expectedMask(W, H, { rects: [rect], strokes: [stroke] });
  let mask = await exportedMask(page, app.dataDir);
  expect({ width: mask.width, height: mask.height }).toEqual({ width: W, height: H });
  expect(differences(mask.grey, both, W)).toEqual([]);

  // One stroke is one step back, and forward again.
  await shortcut(canvas, 'Control+z');
  mask = await exportedMask(page, app.dataDir);
  expect(differences(mask.grey, expectedMask(W, H, { rects: [rect] }), W)).toEqual([]);
  await shortcut(canvas, 'Control+Shift+z');
  mask = await exportedMask(page, app.dataDir);
  expect(differences(mask.grey, both, W)).toEqual([]);

  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');
  page = await app.restart();
  canvas = await openCanvas(page);
  await expect(page.getByLabel('Image size')).toHaveText(`${W} × ${H} px (0.12 MP)`);
  mask = await exportedMask(page, app.dataDir);
  expect(differences(mask.grey, both, W)).toEqual([]);
  // The restored mask is still editable with history from here on.
  await shortcut(canvas, 'r');
  await dragImage(page, canvas, [[350, 10], [390, 40]]);
  await shortcut(canvas, 'Control+z');
  mask = await exportedMask(page, app.dataDir);
  expect(differences(mask.grey, both, W)).toEqual([]);
});

test('a mask made in another tool is checked against the picture’s size before it replaces the mask', async ({ app }) => {
  const { page } = app;
  const canvas = await openCanvas(page);
  await openPicture(page, await png(W, H, '#3a6ea5'));
  await shortcut(canvas, 'Control+1');
  await shortcut(canvas, 'r');
  await dragImage(page, canvas, [[10, 10], [60, 60]]);
  const painted = expectedMask(W, H, { rects: [[10, 10, 50, 50]] });

  await page.getByLabel('Load mask from file').setInputFiles({ name: 'wrong.png', mimeType: 'image/png', buffer: await png(200, 100, '#fff') });
  await expect(page.getByRole('alert').filter({ hasText: 'wrong.png' })).toContainText(`wrong.png is 200 × 100, but the picture is ${W} × ${H}`);
  let mask = await exportedMask(page, app.dataDir);
  expect(differences(mask.grey, painted, W)).toEqual([]);

  const sharp = (await import('sharp')).default;
  const made = await sharp({ create: { width: W, height: H, channels: 3, background: '#000' } })
    .composite([{ input: await png(100, 50, '#fff'), left: 200, top: 100 }])
    .png()
    .toBuffer();
  await page.getByLabel('Load mask from file').setInputFiles({ name: 'made-elsewhere.png', mimeType: 'image/png', buffer: made });
  await expect(page.getByRole('status').filter({ hasText: 'made-elsewhere.png' })).toBeVisible();
  mask = await exportedMask(page, app.dataDir);
  expect(differences(mask.grey, expectedMask(W, H, { rects: [[200, 100, 100, 50]] }), W)).toEqual([]);
  // Loading a mask is one step: undo brings the painted one back.
  await shortcut(canvas, 'Control+z');
  mask = await exportedMask(page, app.dataDir);
  expect(differences(mask.grey, painted, W)).toEqual([]);
});

test('a project reopens with every layer, margin, reference, box and form value as it was left', async ({ app }) => {
  let page = app.page;
  const canvas = await openCanvas(page);
  await openPicture(page, await png(W, H, '#5d4037'));
  await useModel(page, 'gen-3-image');
  await page.getByRole('textbox', { name: 'Prompt' }).fill('two birds');
  await page.getByLabel('Add references from files').setInputFiles([
    { name: 'one.png', mimeType: 'image/png', buffer: await png(30, 30, '#f00') },
    { name: 'two.png', mimeType: 'image/png', buffer: await png(31, 30, '#0f0') },
  ]);
  await shortcut(canvas, 'Control+1');
  await shortcut(canvas, 'm');
  await dragImage(page, canvas, [[40, 30], [140, 130]]);
  await page.getByLabel('Box 1 label').fill('left bird');
  await page.getByLabel('Show Boxes').uncheck();
  await useModel(page, 'gen-pro-1.0-expand');
  await expect(page.getByRole('status', { name: 'Studio notice' })).toContainText('Pro 1.0 Expand will not use the 2 references and the box');
  await page.getByLabel('bottom margin').fill('128');
  // Expand uses no boxes: their layer is not listed, and the boxes wait for a model that uses them.
  await expect(page.getByLabel('Show Boxes')).toHaveCount(0);
  const before = await requestJson(page);
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');

  page = await app.restart();
  await openCanvas(page);
  await expectModel(page, 'gen-pro-1.0-expand');
  expect(await requestJson(page)).toEqual(before);
  await expect(page.getByLabel('bottom margin')).toHaveValue('128');
  await useModel(page, 'gen-3-image');
  await expect(page.getByLabel('Show Boxes')).not.toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Prompt' })).toHaveValue('two birds');
  await expect(page.getByLabel('Appended JSON')).toHaveText('[{"label":"left bird","box":[100,100,350,433]}]');
  await expect(page.getByRole('list', { name: 'References' }).getByRole('listitem')).toHaveText([/one\.png/, /two\.png/]);
});

test('projects can be created, renamed, duplicated, opened and deleted', async ({ app }) => {
  const { page } = app;
  await openCanvas(page);
  const list = page.getByRole('list', { name: 'Project list' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Rename Untitled project' }).click();
  await page.getByLabel('New name for Untitled project').fill('Poster');
  await page.getByRole('button', { name: 'Rename', exact: true }).click();
  await expect(list.getByRole('listitem', { name: 'Poster' })).toBeVisible();
  await openPicture(page, await png(64, 64, '#abc'));
  await expect(page.getByLabel('Image size')).toHaveText('64 × 64 px (0.00 MP)');
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');
  await page.getByRole('button', { name: 'Duplicate Poster' }).click();
  await expect(list.getByRole('listitem', { name: 'Poster copy' })).toBeVisible();
  await page.getByRole('button', { name: 'New project' }).click();
  await expect(page.getByLabel('Image size')).toHaveText('No picture');
  await page.getByRole('button', { name: 'Open Poster copy' }).click();
  await expect(page.getByLabel('Image size')).toHaveText('64 × 64 px (0.00 MP)');
  await page.getByRole('button', { name: 'Delete Poster copy' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(list.getByRole('listitem', { name: 'Poster copy' })).toHaveCount(0);
  await expect(list.getByRole('listitem')).toHaveCount(2);
});

test('the mask can travel in the picture’s alpha, and Generate sends the request on the Sandbox', async ({ app }) => {
  const { page } = app;
  const canvas = await openCanvas(page);
  await openPicture(page, await png(W, H, '#3a6ea5'));
  await shortcut(canvas, 'Control+1');
  await shortcut(canvas, 'r');
  await dragImage(page, canvas, [[100, 100], [200, 150]]);
  await page.getByLabel('the picture’s alpha').check();
  await page.getByRole('button', { name: 'Export mask' }).click();
  await expect(page.getByLabel('Mask export state')).toContainText('exported (');
  const request = await requestJson(page);
  expect(Object.keys(request.inputs)).toEqual(['image']);
  const id = request.inputs.image!.assetId;
  const sharp = (await import('sharp')).default;
  const { readFile } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const stored = await readFile(join(app.dataDir, 'assets', id.slice(0, 2), `${id}.png`));
  const alpha = new Uint8Array(await sharp(stored).extractChannel(3).raw().toBuffer());
  const expected = expectedMask(W, H, { rects: [[100, 100, 100, 50]] }).map((v) => 255 - v);
  expect(differences(alpha, expected, W)).toEqual([]);

  await page.getByRole('textbox', { name: 'Prompt' }).fill('a red door');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByRole('listitem', { name: 'Variation 1' })).toContainText('Done', { timeout: 20_000 });

  // The result goes onto a reference board from the library; a reference can be replaced from a file and removed.
  await useModel(page, 'gen-ctx-max');
  await page.getByRole('button', { name: 'From the library…' }).click();
  await page.getByRole('list', { name: 'Library results' }).getByRole('button').first().click();
  const board = page.getByRole('list', { name: 'References' });
  await expect(board.getByRole('listitem')).toHaveCount(1);
  // The picture is image 1 of an edit; the board follows it.
  expect(Object.keys((await requestJson(page)).inputs)).toEqual(['input_image', 'input_image_2']);
  await page.getByLabel('Replace reference 1 from file').setInputFiles({ name: 'swap.png', mimeType: 'image/png', buffer: await png(64, 64, '#abcdef') });
  await expect(board.getByRole('listitem').first()).toHaveAccessibleName('Reference 1: swap.png');
  await page.getByRole('button', { name: 'Remove reference 1' }).click();
  await expect(board.getByRole('listitem')).toHaveCount(0);
  await shortcut(canvas, 'Control+z');
  await expect(board.getByRole('listitem').first()).toHaveAccessibleName('Reference 1: swap.png');
});
