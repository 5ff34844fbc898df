import { ENGLISH_TEXT } from '../src/shared/i18n/text';
import { activeEndpoints, endpointsByKind, TASK_KIND_LABELS } from '../src/shared/catalog';
import { getIntent, INTENTS, intentModels } from '../src/shared/studio/intents';
import { expectModel, openCanvas, png } from './canvasDriver';
import { expect, test } from './fixtures';
import { serviceWords, spokenText } from './plainWords';
import { openReference } from './reference';
import { startScreenUsable } from './harness/startScreen';

test('Start welcomes the artist: what to do as big buttons, recent projects and new ones, in words without a path or a mode code', async ({ app }) => {
  const { page } = app;
  const connection = page.getByRole('status', { name: 'Active connection' });
  await expect(connection).toContainText('Sandbox');
  await expect(connection).toContainText('placeholder outputs');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Gen Studio' })).toBeVisible();
  const intents = page.getByRole('list', { name: 'What to do' }).getByRole('button');
  await expect(intents).toHaveText(INTENTS.map((i) => new RegExp(`^\\S*\\s*${i.label}`)));
  await expect(page.getByRole('region', { name: 'Recent projects' })).toBeVisible();
  for (const name of ['Empty', 'From a library result…']) await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  await expect(page.getByLabel('New project from a file')).toBeAttached();
  // What the startup benchmark waits for holds on this screen.
  expect(await page.evaluate(startScreenUsable)).toBe(true);
  // The row's spacing comes with the primitives' styles, not with the studio's (loaded only once it is opened).
  const empty = (await page.getByRole('button', { name: 'Empty', exact: true }).boundingBox())!;
  const fromFile = (await page.getByText('From a file…', { exact: true }).boundingBox())!;
  expect(fromFile.x - (empty.x + empty.width)).toBeGreaterThanOrEqual(4);

  // Everything the screen says, shown or spoken (labels, titles, alternative texts, placeholders).
  const said = await spokenText(page.getByRole('main'));
  expect(said.length).toBeGreaterThan(200);
  expect(serviceWords(said)).toEqual([]);
});

test('an intent opens the studio on a model that does it, and the choice is saved with the project', async ({ app }) => {
  let page = app.page;
  await page.getByRole('button', { name: /Expand/ }).click();
  await expect(page.getByRole('application', { name: 'Canvas' })).toBeVisible();
  await expectModel(page, 'gen-pro-1.0-expand');
  await page.getByRole('navigation').getByRole('button', { name: 'Start' }).click();
  await page.getByRole('button', { name: /Edit with references/ }).click();
  const edit = intentModels(getIntent('edit')!)[0]!.id;
  await expectModel(page, edit);
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');
  page = await app.restart();
  await openCanvas(page);
  await expectModel(page, edit);
  // Try-on is prepared in the studio too: the person is the picture, the garment the reference.
  await page.getByRole('navigation').getByRole('button', { name: 'Start' }).click();
  await page.getByRole('button', { name: /Try on/ }).click();
  await expectModel(page, 'vto-v2');
});

test('a new project from a file opens with it as the picture and is listed with its thumbnail among the recent ones', async ({ app }) => {
  const { page } = app;
  await page.getByLabel('New project from a file').setInputFiles({ name: 'harbour at noon.png', mimeType: 'image/png', buffer: await png(320, 200, '#a5703a') });
  await expect(page.getByLabel('Image size')).toContainText('320 × 200 px');
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');
  await page.getByRole('navigation').getByRole('button', { name: 'Start' }).click();
  const recent = page.getByRole('list', { name: 'Recent projects' }).getByRole('button', { name: 'Open harbour at noon' });
  await expect(recent.locator('img')).toHaveJSProperty('complete', true);
  expect(await recent.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Empty', exact: true }).click();
  await expect(page.getByText('Drop a picture here')).toBeVisible();
  await page.getByRole('navigation').getByRole('button', { name: 'Start' }).click();
  await page.getByRole('button', { name: 'Open harbour at noon' }).click();
  await expect(page.getByLabel('Image size')).toContainText('320 × 200 px');

  // A file that is not a picture makes no project and says why.
  await page.getByRole('navigation').getByRole('button', { name: 'Start' }).click();
  await page.getByLabel('New project from a file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByRole('alert')).toContainText('notes.txt is not an image');
  await expect(page.getByRole('list', { name: 'Recent projects' }).getByRole('listitem')).toHaveCount(2);
});

test('the service reference lives in Help: every endpoint offered for new work, by kind, with its fields and what is inferred', async ({ app }) => {
  const { page } = app;
  const drawer = await openReference(page);
  for (const [kind, endpoints] of endpointsByKind()) {
    if (endpoints.length === 0) continue;
    const list = drawer.getByRole('list', { name: ENGLISH_TEXT.t(TASK_KIND_LABELS[kind]), exact: true });
    await expect(list.getByRole('listitem')).toHaveCount(endpoints.length);
    for (const e of endpoints) await expect(list.getByRole('button', { name: e.title, exact: true })).toBeVisible();
  }
  await expect(drawer.locator('.endpoint-card')).toHaveCount(activeEndpoints().length);
  // Deprecated endpoints are never offered, only listed as retired.
  await expect(drawer.locator('[data-endpoint="gen-pro-1.0"]')).toHaveCount(0);

  await openReference(page, 'Gen 3 Video');
  const details = drawer.getByRole('region', { name: 'Gen 3 Video' });
  await expect(details.getByRole('list', { name: 'Inferred facts' })).toBeVisible();
  await expect(details.getByRole('table', { name: 'Fields of Gen 3 Video' }).getByRole('row', { name: /resolution/ })).toContainText('hd, fhd, qhd, uhd');
  await openReference(page, 'Dev');
  const dev = drawer.getByRole('region', { name: 'Dev' });
  await expect(dev.getByRole('list', { name: 'Inferred facts' })).toHaveCount(0);
  await expect(dev.getByRole('row', { name: /^width/ })).toContainText('256 to 1440, multiple of 32');
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
});

test('the page reaches main only through the contract', async ({ app }) => {
  const { page } = app;
  const result = await page.evaluate(async () => {
    const gen = window.gen as unknown as Record<string, Record<string, unknown>>;
    return {
      namespaces: Object.keys(gen).sort(),
      hasInvoke: 'invoke' in gen,
      info: await window.gen.app.info(),
      frozen: Object.isFrozen(gen) || Object.getOwnPropertyDescriptor(window, 'gen')?.writable === false,
      process: typeof (globalThis as { process?: unknown }).process,
      require: typeof (globalThis as { require?: unknown }).require,
    };
  });
  expect(result.hasInvoke).toBe(false);
  expect(result.namespaces).toEqual(['app', 'assets', 'batch', 'clipboard', 'connections', 'editor', 'explore', 'finetunes', 'keys', 'layers', 'library', 'projects', 'settings', 'shell', 'spending', 'tasks', 'updates']);
  expect(result.info).toMatchObject({ ok: true, value: { name: 'Gen Studio', runner: app.runner } });
  expect(result.frozen).toBe(true);
  expect(result.process).toBe('undefined');
  expect(result.require).toBe('undefined');
});

test('the Content-Security-Policy refuses scripts and network calls the app did not ship', async ({ app }) => {
  const outcome = await app.page.evaluate(async () => {
    const seen: string[] = [];
    document.addEventListener('securitypolicyviolation', (e) => seen.push(e.effectiveDirective));
    const network = await fetch('https://example.com/steal').then(
      () => 'reached',
      () => 'blocked',
    );
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.body.append(script);
    await new Promise((done) => setTimeout(done, 100));
    return { seen, network, injected: (window as unknown as { __injected?: boolean }).__injected === true };
  });
  expect(outcome.network).toBe('blocked');
  expect(outcome.injected).toBe(false);
  expect(outcome.seen).toEqual(expect.arrayContaining(['connect-src', 'script-src-elem']));
});
