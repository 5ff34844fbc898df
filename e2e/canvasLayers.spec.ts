import { INTENTS } from '../src/shared/studio/intents';
import { assetIdOf, dragImage, openCanvas, openPicture, png, requestJson, screenPoint, settle, shortcut, useModel } from './canvasDriver';
import { expect, test } from './fixtures';

const W = 400;
const H = 300;

test('expansion margins by dragging a handle and by typing go into the request, with undo and redo', async ({ app }) => {
  const { page } = app;
  const canvas = await openCanvas(page);
  await openPicture(page, await png(W, H, '#8a5a2b'));
  await useModel(page, 'gen-pro-1.0-expand');
  await shortcut(canvas, 'Control+1');

  // The right handle sits at the middle of the picture's right edge; drag it 60 image pixels out.
  await settle(page);
  const from = await screenPoint(canvas, W, H / 2);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 30, from.y + 7, { steps: 5 });
  await page.mouse.move(from.x + 60, from.y + 12, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByLabel('right margin')).toHaveValue('60');
  expect((await requestJson(page)).params).toMatchObject({ right: 60, top: 0, bottom: 0, left: 0 });

  await page.getByLabel('top margin').fill('64');
  expect((await requestJson(page)).params).toMatchObject({ right: 60, top: 64 });
  await expect(page.getByLabel('Output size')).toHaveText(`Output ${W + 60} × ${H + 64} px, 0.17 MP. Each side takes 0 to 2048 px.`);
  // Over the limit is held at it.
  await page.getByLabel('left margin').fill('5000');
  await page.getByLabel('left margin').press('Tab');
  await expect(page.getByLabel('left margin')).toHaveValue('2048');

  await shortcut(canvas, 'Control+z');
  await shortcut(canvas, 'Control+z');
  expect((await requestJson(page)).params).toMatchObject({ right: 60, top: 0, left: 0 });
  await shortcut(canvas, 'Control+z');
  expect((await requestJson(page)).params).toMatchObject({ right: 0 });
  await shortcut(canvas, 'Control+Shift+z');
  expect((await requestJson(page)).params).toMatchObject({ right: 60, top: 0 });

  await page.getByRole('button', { name: '16:9' }).click();
  expect((await requestJson(page)).params).toMatchObject({ left: 66, right: 67, top: 0, bottom: 0 });
});

test('references fill input_image, input_image_2 ... in board order; reordering and undo change the fields', async ({ app }) => {
  const { page } = app;
  await openCanvas(page);
  await useModel(page, 'gen-ctx-max');
  const files = await Promise.all(
    (['#c0392b', '#27ae60', '#2980b9'] as const).map(async (color, i) => ({ name: `ref-${i + 1}.png`, mimeType: 'image/png', buffer: await png(64 + i, 64, color) })),
  );
  const [a, b, c] = files.map((f) => assetIdOf(f.buffer));
  await page.getByLabel('Add references from files').setInputFiles(files);
  const board = page.getByRole('list', { name: 'References' });
  await expect(board.getByRole('listitem')).toHaveCount(3);
  await expect(board.getByRole('listitem').nth(0)).toHaveAccessibleName('Reference 1: ref-1.png');
  await expect(board.getByLabel('Image 2', { exact: true })).toBeVisible();
  const fields = async () => Object.entries((await requestJson(page)).inputs).map(([k, v]) => [k, v.assetId]);
  expect(await fields()).toEqual([['input_image', a], ['input_image_2', b], ['input_image_3', c]]);

  // Drag the third onto the first.
  await board.getByRole('listitem').nth(2).dragTo(board.getByRole('listitem').nth(0));
  expect(await fields()).toEqual([['input_image', c], ['input_image_2', a], ['input_image_3', b]]);
  await page.getByRole('button', { name: 'Move reference 3 up' }).click();
  expect(await fields()).toEqual([['input_image', c], ['input_image_2', b], ['input_image_3', a]]);

  const canvas = page.getByRole('application', { name: 'Canvas' });
  await shortcut(canvas, 'Control+z');
  expect(await fields()).toEqual([['input_image', c], ['input_image_2', a], ['input_image_3', b]]);
  await shortcut(canvas, 'Control+z');
  expect(await fields()).toEqual([['input_image', a], ['input_image_2', b], ['input_image_3', c]]);
  await shortcut(canvas, 'Control+Shift+z');
  expect(await fields()).toEqual([['input_image', c], ['input_image_2', a], ['input_image_3', b]]);

  // A non-image file gets a message and changes nothing.
  await page.getByLabel('Add references from files').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByRole('alert').filter({ hasText: 'notes.txt' })).toContainText('notes.txt is not an image (text/plain). Nothing was changed.');
  await expect(board.getByRole('listitem')).toHaveCount(3);
});

test('switching to a model that takes fewer references keeps them all on the board and says which are left out', async ({ app }) => {
  const { page } = app;
  await openCanvas(page);
  await useModel(page, 'gen-2-flex');
  const files = await Promise.all([0, 1, 2, 3, 4].map(async (i) => ({ name: `r${i + 1}.png`, mimeType: 'image/png', buffer: await png(40 + i, 40, '#777') })));
  await page.getByLabel('Add references from files').setInputFiles(files);
  await expect(page.getByRole('list', { name: 'References' }).getByRole('listitem')).toHaveCount(5);
  await useModel(page, 'gen-ctx-max');
  await expect(page.getByRole('status', { name: 'Studio notice' })).toContainText('Context Max will not use 1 of the 5 references');
  expect(Object.keys((await requestJson(page)).inputs)).toEqual(['input_image', 'input_image_2', 'input_image_3', 'input_image_4']);
  await expect(page.getByRole('listitem', { name: 'Reference 5: r5.png' })).toContainText('left out');
  // Back to a model that takes them all: nothing was lost, and the notice about Context Max goes.
  await useModel(page, 'gen-2-flex');
  await expect(page.getByRole('status', { name: 'Studio notice' })).toHaveCount(0);
  expect(Object.keys((await requestJson(page)).inputs)).toHaveLength(5);
});

test('references added under Gen 3 Image stay on the board through every other intent, Start and a restart', async ({ app }) => {
  let page = app.page;
  await openCanvas(page);
  await useModel(page, 'gen-3-image');
  const files = await Promise.all([0, 1, 2].map(async (i) => ({ name: `keep${i + 1}.png`, mimeType: 'image/png', buffer: await png(40 + i, 40, '#777') })));
  await page.getByLabel('Add references from files').setInputFiles(files);
  const board = () => page.getByRole('list', { name: 'References' }).getByRole('listitem');
  await expect(board()).toHaveCount(3);
  const panel = page.getByRole('region', { name: 'Generate' });
  for (const intent of INTENTS.filter((i) => i.id !== 'edit')) {
    await panel.getByRole('radio', { name: intent.label, exact: true }).click();
    await expect(panel.getByRole('radio', { name: intent.label, exact: true })).toBeChecked();
    // The way back to the studio through Start, as an artist who changes their mind does.
    await page.getByRole('navigation').getByRole('button', { name: 'Start' }).click();
    await page.getByRole('button', { name: new RegExp(intent.label) }).first().click();
  }
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');
  page = await app.restart();
  await openCanvas(page);
  await useModel(page, 'gen-3-image');
  await expect(board()).toHaveCount(3);
  expect(Object.keys((await requestJson(page)).inputs)).toEqual(['input_image', 'input_image_2', 'input_image_3']);
});

test('a bounding box drawn on the picture is appended to the prompt as JSON; undo and redo', async ({ app }) => {
  const { page } = app;
  const canvas = await openCanvas(page);
  await openPicture(page, await png(W, H, '#2c3e50'));
  await useModel(page, 'gen-3-image');
  await page.getByRole('textbox', { name: 'Prompt' }).fill('a cat on a sofa');
  await shortcut(canvas, 'Control+1');
  await shortcut(canvas, 'm');
  await dragImage(page, canvas, [[50, 40], [250, 190]]);
  await page.getByLabel('Box 1 label').fill('cat');
  const json = '[{"label":"cat","box":[125,133,625,633]}]';
  await expect(page.getByLabel('Appended JSON')).toHaveText(json);
  await expect(page.getByLabel('Final prompt')).toHaveText(`a cat on a sofa ${json}`);
  expect((await requestJson(page)).params.prompt).toBe(`a cat on a sofa ${json}`);

  // Move it by typing; then undo the move, the label, and the box itself.
  await page.getByLabel('Box 1 x').fill('100');
  await expect(page.getByLabel('Appended JSON')).toHaveText('[{"label":"cat","box":[250,133,750,633]}]');
  await shortcut(canvas, 'Control+z');
  await expect(page.getByLabel('Appended JSON')).toHaveText(json);
  await shortcut(canvas, 'Control+z');
  await expect(page.getByLabel('Appended JSON')).toHaveText('[{"label":"box 1","box":[125,133,625,633]}]');
  await shortcut(canvas, 'Control+z');
  await expect(page.getByLabel('Final prompt')).toHaveText('a cat on a sofa');
  await shortcut(canvas, 'Control+Shift+z');
  await expect(page.getByLabel('Appended JSON')).toHaveText('[{"label":"box 1","box":[125,133,625,633]}]');

  // Dragging the box on the canvas moves it.
  await shortcut(canvas, 'v');
  await dragImage(page, canvas, [[150, 100], [170, 110]]);
  await expect(page.getByLabel('Appended JSON')).toHaveText('[{"label":"box 1","box":[175,167,675,667]}]');
});

test('the help overlay lists the shortcuts; B, E, X, [ and ] change the tool and the brush', async ({ app }) => {
  const { page } = app;
  const canvas = await openCanvas(page);
  await shortcut(canvas, '?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('Swap paint and erase');
  await expect(help).toContainText('Ctrl+Shift+Z');
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
  await shortcut(canvas, 'e');
  await expect(page.getByRole('button', { name: 'Eraser' })).toHaveAttribute('aria-pressed', 'true');
  await shortcut(canvas, 'x');
  await expect(page.getByRole('button', { name: 'Brush' })).toHaveAttribute('aria-pressed', 'true');
  await shortcut(canvas, ']');
  await expect(page.getByLabel('Brush size')).toHaveValue('49');
  await shortcut(canvas, '[');
  await expect(page.getByLabel('Brush size')).toHaveValue('41');
});

test('outpainting: the picture drags to its offset inside the frame, and the size and offsets go into the request', async ({ app }) => {
  const { page } = app;
  const canvas = await openCanvas(page);
  await openPicture(page, await png(200, 100, '#16a085'));
  await useModel(page, 'outpainting-v1');
  await page.getByRole('button', { name: 'Add a frame around the picture' }).click();
  expect((await requestJson(page)).params).toMatchObject({ width: 300, height: 150, reference_offset_x: 50, reference_offset_y: 25 });
  await page.getByLabel('Frame width').fill('400');
  await shortcut(canvas, 'Control+1');
  await shortcut(canvas, 'v');
  await dragImage(page, canvas, [[100, 50], [130, 40]]);
  expect((await requestJson(page)).params).toMatchObject({ width: 400, height: 150, reference_offset_x: 80, reference_offset_y: 15 });
  await expect(page.getByLabel('Output size')).toHaveText('Output 400 × 150 px, 0.06 MP. Drag the handles on the canvas, or type.');
  await shortcut(canvas, 'Control+z');
  expect((await requestJson(page)).params).toMatchObject({ width: 400, reference_offset_x: 50, reference_offset_y: 25 });
});

test('Fit shows the whole frame with its margins, and a fitted view fits again when the window is resized', async ({ app }) => {
  const { page } = app;
  const canvas = await openCanvas(page);
  await openPicture(page, await png(W, H, '#2b5a8a'));
  await useModel(page, 'gen-pro-1.0-expand');
  await page.getByLabel('left margin').fill('1200');
  await page.getByLabel('left margin').press('Tab');
  await page.getByRole('button', { name: 'Fit to window' }).click();
  await settle(page);
  /** The frame's corners on screen, inside the stage's box. */
  const frameInside = async () => {
    const box = (await canvas.boundingBox())!;
    const topLeft = await screenPoint(canvas, -1200, 0);
    const bottomRight = await screenPoint(canvas, W, H);
    return topLeft.x >= box.x - 1 && topLeft.y >= box.y - 1 && bottomRight.x <= box.x + box.width + 1 && bottomRight.y <= box.y + box.height + 1;
  };
  expect(await frameInside()).toBe(true);
  // The frame is 1600 px wide: fitted, it fills the stage's width, not the picture's 400.
  const fitted = await canvas.getAttribute('data-view');
  const scale = Number(fitted!.split(',')[0]);
  const stageWidth = (await canvas.boundingBox())!.width;
  expect(1600 * scale).toBeGreaterThan(stageWidth * 0.8);

  await page.setViewportSize({ width: 1000, height: 700 });
  await expect(canvas).not.toHaveAttribute('data-view', fitted!);
  await settle(page);
  expect(await frameInside()).toBe(true);
});
