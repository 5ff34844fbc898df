import { activeEndpoints, endpointsByKind, TASK_KIND_LABELS } from '../src/shared/catalog';
import { expect, test } from './fixtures';

test('the first screen shows the active connection and every endpoint offered for new work, by kind', async ({ app }) => {
  const { page } = app;
  const connection = page.getByRole('status', { name: 'Active connection' });
  await expect(connection).toContainText('Sandbox');
  await expect(connection).toContainText('placeholder outputs');

  await expect(page.getByRole('heading', { level: 1, name: 'Start something' })).toBeVisible();
  for (const [kind, endpoints] of endpointsByKind()) {
    if (endpoints.length === 0) continue;
    const list = page.getByRole('list', { name: TASK_KIND_LABELS[kind], exact: true });
    await expect(list.getByRole('listitem')).toHaveCount(endpoints.length);
    for (const e of endpoints) await expect(list.getByRole('button', { name: e.title, exact: true })).toBeVisible();
  }
  const offered = page.locator('.endpoint-card');
  await expect(offered).toHaveCount(activeEndpoints().length);
  // Deprecated endpoints are never offered, only listed as retired.
  await expect(page.locator('[data-endpoint="gen-pro-1.0"]')).toHaveCount(0);
});

test('choosing an endpoint shows its fields and says what is inferred', async ({ app }) => {
  const { page } = app;
  await page.getByRole('button', { name: 'Gen 3 Video', exact: true }).click();
  const details = page.getByRole('region', { name: 'Gen 3 Video' });
  await expect(details.getByRole('list', { name: 'Inferred facts' })).toBeVisible();
  await expect(details.getByRole('table', { name: 'Fields of Gen 3 Video' }).getByRole('row', { name: /resolution/ })).toContainText(
    'hd, fhd, qhd, uhd',
  );

  await page.getByRole('button', { name: 'Dev', exact: true }).click();
  const dev = page.getByRole('region', { name: 'Dev' });
  await expect(dev.getByRole('list', { name: 'Inferred facts' })).toHaveCount(0);
  await expect(dev.getByRole('row', { name: /^width/ })).toContainText('256 to 1440, multiple of 32');
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
  expect(result.namespaces).toEqual(['app', 'assets', 'connections', 'keys', 'library', 'projects', 'settings', 'shell', 'spending', 'tasks']);
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
