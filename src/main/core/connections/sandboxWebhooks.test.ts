import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox/index';
import { startCore, type CoreFixture } from '../testing/coreFixture';
import { MemoryKeychain } from '../testing/memoryKeychain';
import { tempDir } from '../testing/tempDir';
import { MainLanguage } from '../i18n/mainLanguage';
import { loadMessages } from '../../../shared/i18n/catalog';
import { english, say } from '../../../shared/i18n/say';
import { createText } from '../../../shared/i18n/text';
import { SandboxWebhooks, webhookDialog, type ConfirmWebhook, type WebhookQuestion } from './sandboxWebhooks';

/**
 * The built-in Sandbox sends results only to an Address to notify the user confirmed in main's own dialog
 * (issue 23 point 8): a loopback port chosen by the renderer alone is refused in words, a confirmed one is
 * delivered to.
 */

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

/** A program on this computer that would take whatever is POSTed to it. */
async function receiver(): Promise<{ url: string; bodies: string[] }> {
  const bodies: string[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, bodies };
}

async function core(confirmWebhook?: ConfirmWebhook): Promise<CoreFixture> {
  const dir = await tempDir('sandbox-webhooks');
  cleanup.push(dir.remove);
  const fx = await startCore({ dataDir: dir.path, deps: { sandboxOptions: { timing: 'instant' }, ...(confirmWebhook ? { confirmWebhook } : {}) } });
  cleanup.push(() => fx.core.dispose());
  return fx;
}

const request = (webhook: string) => ({ endpointId: 'gen-dev', params: { prompt: 'to a hook', width: 256, height: 256, webhook_url: webhook }, inputs: {} });

async function waitFor(pred: () => boolean, what: () => string, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out waiting: ${what()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('webhooks of the built-in Sandbox', () => {
  it('refuses a loopback port nobody confirmed, on the field and in words, and sends nothing', async () => {
    const hook = await receiver();
    const port = new URL(hook.url).port;
    const noDialog = await core();
    const refused = await noDialog.call('tasks.submit', request(hook.url));
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'validation',
        message: 'The Sandbox sends results only to an Address to notify you confirm in a dialog, which this window cannot show. Clear the Address to notify (under Advanced) and send again.',
        issues: [{ loc: ['body', 'webhook_url'] }],
      },
    });

    const asked: WebhookQuestion[] = [];
    const declining = await core(async (q) => (asked.push(q), false));
    const declined = await declining.call('tasks.submit', request(hook.url));
    expect(declined).toMatchObject({ ok: false, error: { message: `Not sent: you did not allow the Sandbox to send results to port ${port} of this computer (“${hook.url}”). Clear the Address to notify, or confirm it when asked.` } });
    expect(asked).toEqual([{ address: hook.url, origin: new URL(hook.url).origin, loopback: true }]);
    // Both refusals are words: the English above stays, the window says them in its language (the field's issue too).
    const german = createText('de', await loadMessages('de'));
    for (const answer of [refused, declined]) {
      if (answer.ok) throw new Error('not refused');
      expect(say(german, answer.error.words, answer.error.message)).toMatch(/^(Die Sandbox sendet Ergebnisse nur|Nicht gesendet: Du hast der Sandbox nicht erlaubt)/);
      expect(answer.error.issues?.[0]?.words).toEqual(answer.error.words);
    }
    expect(declining.tasks.size + noDialog.tasks.size).toBe(0);
    expect(hook.bodies).toEqual([]);
  }, 60_000);

  it('asks by where the request goes: a connection of another name aimed at a Sandbox on this computer is held to the dialog too', async () => {
    const hook = await receiver();
    const key = 'sandbox-demo-key';
    const local = await startSandbox({ timing: 'instant', keys: { [key]: { credits: 1000 } } });
    cleanup.push(() => local.close());
    const dir = await tempDir('sandbox-webhooks-named');
    cleanup.push(dir.remove);
    const asked: WebhookQuestion[] = [];
    const fx = await startCore({ dataDir: dir.path, secrets: new MemoryKeychain(), deps: { confirmWebhook: async (q) => (asked.push(q), false) } });
    cleanup.push(() => fx.core.dispose());
    await fx.ok('keys.add', {
      label: 'Demo',
      organization: 'Org',
      project: 'Project',
      secret: key,
      connection: { create: { label: 'Production', baseUrl: local.baseUrl, regionalBaseUrl: local.regionalBaseUrl, endpointWord: 'gen' } },
    });

    const declined = await fx.call('tasks.submit', request(hook.url));
    expect(declined).toMatchObject({ ok: false, error: { code: 'validation', issues: [{ loc: ['body', 'webhook_url'] }] } });
    expect(asked.map((q) => q.origin)).toEqual([new URL(hook.url).origin]);
    expect(fx.tasks.size).toBe(0);
    expect(local.submissions()).toEqual([]);
    expect(hook.bodies).toEqual([]);
  }, 60_000);

  it('delivers to a port the user confirmed, and asks about it once', async () => {
    const hook = await receiver();
    const asked: WebhookQuestion[] = [];
    const fx = await core(async (q) => (asked.push(q), true));
    const first = await fx.ok('tasks.submit', request(hook.url));
    await waitFor(() => fx.tasks.get(first.id)?.state === 'webhook', () => String(fx.tasks.get(first.id)?.state));
    await waitFor(() => hook.bodies.length === 1, () => `${hook.bodies.length} deliveries`);
    expect(JSON.parse(hook.bodies[0]!)).toMatchObject({ status: 'Ready' });

    await fx.ok('tasks.submit', request(`${hook.url}?second`));
    await waitFor(() => hook.bodies.length === 2, () => `${hook.bodies.length} deliveries`);
    expect(asked).toHaveLength(1);
  }, 60_000);
});

describe('the webhook question', () => {
  it('says “this computer” of a name that resolves to a loopback address, asking its resolver, not the network', async () => {
    const asked: WebhookQuestion[] = [];
    const stored: string[] = [];
    const settings = { get: () => ({ sandboxWebhooks: stored }), update: () => undefined } as unknown as ConstructorParameters<typeof SandboxWebhooks>[0];
    const names: Record<string, string[]> = { 'hooks.localtest.me': ['127.0.0.1'], 'sneaky.example': ['203.0.113.9', '::1'], 'hooks.example.com': ['203.0.113.7'] };
    const hooks = new SandboxWebhooks(settings, (q) => (asked.push(q), Promise.resolve(false)), () => [], (host) => Promise.resolve(names[host] ?? []));
    for (const host of Object.keys(names)) await hooks.refusal(`http://${host}:8123/hook`, 'ask', 'http://127.0.0.1:9/');
    expect(asked.map((q) => [new URL(q.origin).hostname, q.loopback])).toEqual([
      ['hooks.localtest.me', true],
      ['sneaky.example', true],
      ['hooks.example.com', false],
    ]);
    expect(webhookDialog(asked[0]!).message).toContain('port 8123 of this computer');
  });

  it('refuses a task about to go to an address never allowed in words, its English as before', async () => {
    const settings = { get: () => ({ sandboxWebhooks: [] }), update: () => undefined } as unknown as ConstructorParameters<typeof SandboxWebhooks>[0];
    const hooks = new SandboxWebhooks(settings, undefined, () => [], () => Promise.resolve([]));
    const said = await hooks.refusal('https://hooks.example.com/x', 'check', 'http://127.0.0.1:9/');
    expect(said && english(said)).toBe('Not sent: the Sandbox was never allowed to send results to hooks.example.com (“https://hooks.example.com/x”). Clear the Address to notify, or send it again from the form to be asked.');
    expect(say(createText('de', await loadMessages('de')), said, '')).toBe(
      'Nicht gesendet: Die Sandbox durfte nie Ergebnisse an hooks.example.com senden („https://hooks.example.com/x“). Leere die zu benachrichtigende Adresse oder sende erneut aus dem Formular, um gefragt zu werden.',
    );
  });

  it('is asked in the language chosen in Settings, the address as it was typed', async () => {
    const language = await MainLanguage.open({ choice: () => 'de', onChoice: () => () => {}, systemLocales: () => ['en'] });
    const question: WebhookQuestion = { address: 'http://127.0.0.1:8123/hook', origin: 'http://127.0.0.1:8123', loopback: true };
    const german = webhookDialog(question, language.text);
    expect(german.title).toBe('Sandbox-Ergebnisse an diese Adresse senden?');
    expect(german.message).toBe('Soll die Sandbox fertige Ergebnisse an Port 8123 dieses Computers senden?');
    expect(german.detail).toContain('„http://127.0.0.1:8123/hook“');
    expect(german.cancelLabel).toBe('Nicht senden');
    const inEnglish = webhookDialog({ ...question, address: 'https://hooks.example.com/x', origin: 'https://hooks.example.com', loopback: false });
    expect(inEnglish.message).toBe('Let the Sandbox send finished results to hooks.example.com?');
    expect(inEnglish.confirmLabel).toBe('Send results there');
  });
});
