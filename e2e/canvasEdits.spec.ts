import type { JSHandle, Page } from '@playwright/test';
import { differences, dragImage, expectedMask, exportedMask, openCanvas, openPicture, png, requestJson, shortcut, useModel } from './canvasDriver';
import { expect, test } from './fixtures';

interface DropFile {
  readonly name: string;
  readonly type: string;
  readonly bytes: Buffer;
}

/** A DataTransfer as a file manager's drop makes it: real File objects (and, if given, a browser's link). */
function transfer(page: Page, files: readonly DropFile[], link?: string): Promise<JSHandle<DataTransfer>> {
  return page.evaluateHandle(
    ({ files, link }) => {
      const dt = new DataTransfer();
      for (const f of files) dt.items.add(new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
      if (link) dt.setData('text/uri-list', link);
      return dt;
    },
    { files: files.map((f) => ({ name: f.name, type: f.type, b64: f.bytes.toString('base64') })), link },
  );
}

/** Drags over the canvas (which offers where to drop) and drops on the target named. */
async function dropOn(page: Page, target: string, dt: JSHandle<DataTransfer>): Promise<void> {
  await page.getByRole('application', { name: 'Canvas' }).dispatchEvent('dragover', { dataTransfer: dt });
  const zone = page.getByRole('group', { name: `Drop to ${target}` });
  await zone.dispatchEvent('dragover', { dataTransfer: dt });
  await zone.dispatchEvent('drop', { dataTransfer: dt });
}

const image = async (name: string, width: number, height: number, colour: string): Promise<DropFile> => ({ name, type: 'image/png', bytes: await png(width, height, colour) });

test('several files dropped at once: each is used or named with the reason, by where it lands', async ({ app }) => {
  const { page } = app;
  await openCanvas(page);
  const notes: DropFile = { name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('not a picture') };
  // Fill takes one picture and no references: the first image is the picture, the rest are named, not dropped silently.
  await dropOn(page, 'open as the picture', await transfer(page, [await image('a.png', 320, 200, '#c0392b'), notes, await image('b.png', 64, 64, '#27ae60')]));
  await expect(page.getByLabel('Image size')).toContainText('320 × 200 px');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('notes.txt is not an image');
  await expect(alert).toContainText('b.png was not used');

  // A mask dropped as the mask: the wrong size is refused with both sizes; the right one becomes the mask.
  await dropOn(page, 'use as the mask', await transfer(page, [await image('small.png', 64, 64, '#ffffff')]));
  await expect(alert).toContainText('small.png is 64 × 64, but the picture is 320 × 200');
  await dropOn(page, 'use as the mask', await transfer(page, [await image('white.png', 320, 200, '#ffffff'), await image('extra.png', 320, 200, '#000000')]));
  await expect(page.getByRole('alert').first()).toContainText('The mask now comes from white.png. A mask is one image: only white.png was tried, extra.png was not.');
  const mask = await exportedMask(page, app.dataDir);
  expect(differences(mask.grey, expectedMask(320, 200, { rects: [[0, 0, 320, 200]] }), 320)).toEqual([]);

  // An endpoint with references takes the rest on the board, up to its limit.
  await useModel(page, 'gen-ctx-max');
  await dropOn(page, 'add to the references', await transfer(page, [await image('r1.png', 64, 64, '#111111'), await image('r2.png', 64, 64, '#222222')]));
  await expect(page.getByRole('list', { name: 'References' }).getByRole('listitem')).toHaveCount(2);

  // A browser drop with only a link says what to do instead of doing nothing.
  await dropOn(page, 'add to the references', await transfer(page, [], 'https://example.com/cat.png'));
  await expect(page.getByRole('alert').filter({ hasText: 'The drop held only a link' })).toContainText('Save the image from the browser and drop the file');
  await expect(page.getByRole('list', { name: 'References' }).getByRole('listitem')).toHaveCount(2);

  // A drag that is given up takes the drop targets away.
  await page.getByRole('application', { name: 'Canvas' }).dispatchEvent('dragover', { dataTransfer: await transfer(page, []) });
  await expect(page.getByRole('group', { name: 'Drop to add to the references' })).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new DragEvent('dragend')));
  await expect(page.getByRole('group', { name: 'Drop to add to the references' })).toHaveCount(0);

  // Pasting an image from the clipboard adds it too.
  const pasted = await transfer(page, [await image('image.png', 64, 64, '#333333')]);
  await page.evaluate((dt) => document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true })), pasted);
  await expect(page.getByRole('list', { name: 'References' }).getByRole('listitem')).toHaveCount(3);
});

test('typing a number key by key, or nudging a slider, is one undo step; a value on its way waits instead of jumping', async ({ app }) => {
  const { page } = app;
  const canvas = await openCanvas(page);
  await openPicture(page, await png(200, 100, '#16a085'));
  await useModel(page, 'gen-pro-1.0-expand');

  const top = page.getByLabel('top margin');
  await top.click();
  await top.press('Control+a');
  await top.pressSequentially('128');
  await top.press('Tab');
  expect((await requestJson(page)).params).toMatchObject({ top: 128 });
  await shortcut(canvas, 'Control+z');
  expect((await requestJson(page)).params).toMatchObject({ top: 0 });

  // Over the limit: shown as typed and marked invalid until the field is left, then held at the limit.
  const left = page.getByLabel('left margin');
  await left.fill('5000');
  await expect(left).toHaveAttribute('aria-invalid', 'true');
  await left.press('Tab');
  await expect(left).toHaveValue('2048');

  // Outpainting: a frame smaller than the picture, or cleared, snaps back to one that holds it.
  await useModel(page, 'outpainting-v1');
  await page.getByRole('button', { name: 'Add a frame around the picture' }).click();
  const width = page.getByLabel('Frame width');
  await width.fill('');
  await width.pressSequentially('5');
  await expect(width).toHaveAttribute('aria-invalid', 'true');
  await width.press('Tab');
  await expect(width).toHaveValue('200');
  expect((await requestJson(page)).params).toMatchObject({ width: 200, reference_offset_x: 0 });
  await expect(page.getByLabel('Canvas problems')).toHaveCount(0);

  // The overlay's opacity, nudged five times with the keyboard, comes back in one step.
  await useModel(page, 'gen-pro-1.0-fill');
  const opacity = page.getByLabel('Mask overlay opacity');
  await opacity.focus();
  for (let i = 0; i < 5; i++) await opacity.press('ArrowRight');
  await expect(opacity).toHaveValue('55');
  // Undo works with the slider still focused: it takes no text, so the key is the canvas's.
  await opacity.press('Control+z');
  await expect(opacity).toHaveValue('50');
  await shortcut(canvas, 'Control+Shift+z');
  await expect(opacity).toHaveValue('55');
});

test('a locked or hidden layer refuses edits with a message; a box can be added without a mouse', async ({ app }) => {
  const { page } = app;
  const canvas = await openCanvas(page);
  await openPicture(page, await png(400, 300, '#2c3e50'));
  await shortcut(canvas, 'Control+1');

  // The mask: hidden, neither the brush nor Fill all changes it.
  await page.getByLabel('Show Mask').uncheck();
  await page.getByRole('button', { name: 'Fill all' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The Mask layer is hidden' })).toBeVisible();
  await shortcut(canvas, 'b');
  await dragImage(page, canvas, [[50, 50], [150, 50]]);
  await page.getByLabel('Show Mask').check();
  // A painted mask would be waiting for export; a blank one is not.
  await expect(page.getByRole('note').filter({ hasText: 'The mask changed' })).toHaveCount(0);

  // Boxes: locked, the box tool draws nothing and says why; unlocked, "Add a box" makes one from the keyboard.
  await useModel(page, 'gen-3-image');
  await page.getByLabel('Lock Boxes').check();
  await shortcut(canvas, 'm');
  await dragImage(page, canvas, [[50, 40], [250, 190]]);
  await expect(page.getByRole('status').filter({ hasText: 'The Boxes layer is locked' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Boxes' }).getByRole('listitem')).toHaveCount(0);
  await page.getByLabel('Lock Boxes').uncheck();
  await page.getByRole('button', { name: 'Add a box' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Appended JSON')).toHaveText('[{"label":"box 1","box":[250,250,750,750]}]');

  // The picture: locked, a new one is refused and the old one stays.
  await page.getByLabel('Lock Picture').check();
  await page.getByLabel('Replace the picture').setInputFiles({ name: 'other.png', mimeType: 'image/png', buffer: await png(100, 100, '#ffffff') });
  await expect(page.getByRole('alert').filter({ hasText: 'The Picture layer is locked' })).toContainText('other.png was not used');
  await expect(page.getByLabel('Image size')).toContainText('400 × 300 px');
});

test('work done just before the window closes is saved: the close waits for the project to reach disk', async ({ app }) => {
  let page = app.page;
  const canvas = await openCanvas(page);
  await openPicture(page, await png(400, 300, '#3a6ea5'));
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');
  await shortcut(canvas, 'Control+1');
  await shortcut(canvas, 'r');
  await dragImage(page, canvas, [[20, 30], [120, 90]]);
  // No wait for "Saved": the app closes at once, as a user quitting right after a stroke would.
  page = await app.restart();
  await openCanvas(page);
  const mask = await exportedMask(page, app.dataDir);
  expect(differences(mask.grey, expectedMask(400, 300, { rects: [[20, 30, 100, 60]] }), 400)).toEqual([]);
});
