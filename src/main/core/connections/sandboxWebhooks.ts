import { lookup } from 'node:dns/promises';
import { ENGLISH_TEXT, type AppText } from '../../../shared/i18n/text';
import { words, type Words } from '../../../shared/i18n/words';
import type { SettingsService } from '../settings/settingsService';

/** The addresses a host name resolves to (injected: tests ask no network). */
export type ResolveHost = (hostname: string) => Promise<readonly string[]>;

const systemResolve: ResolveHost = async (hostname) => (await lookup(hostname, { all: true })).map((a) => a.address);

/**
 * The built-in Sandbox POSTs a finished task to the request's `webhook_url` from the user's own machine, so a
 * renderer that was taken over could aim it at any program listening on a loopback port (issue 23 point 8).
 * It delivers only to addresses the user confirmed in a dialog the main process owns (as a key's new destination
 * and a cap raise are), remembered in the settings by origin; a renderer cannot answer that dialog.
 */
export interface WebhookQuestion {
  /** the address as entered */
  readonly address: string;
  /** scheme, host and port: what a yes covers */
  readonly origin: string;
  /** a program on this computer (127.0.0.0/8, ::1, localhost) */
  readonly loopback: boolean;
}

/** Resolves true only when the user chose to let the Sandbox send results to the address. */
export type ConfirmWebhook = (question: WebhookQuestion) => Promise<boolean>;

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;
/** Hosts that reach this computer's own programs: loopback, "any address", and names under `localhost`. */
const THIS_COMPUTER = /^(localhost|[a-z0-9.-]+\.localhost|127(\.\d{1,3}){3}|0\.0\.0\.0|\[::1?\]|\[::ffff:(127(\.\d{1,3}){3}|7f[0-9a-f]{2}:[0-9a-f]{1,4})\])$/i;

/**
 * A name is asked as its addresses: one that resolves to this computer (a name set up to point at 127.0.0.1)
 * is a port of this computer as its literal address is. One that does not resolve is taken as a host elsewhere.
 */
async function question(address: string, resolve: ResolveHost): Promise<WebhookQuestion | null> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (LOOPBACK_HOST.test(url.hostname)) return { address, origin: url.origin, loopback: true };
  const answers = await resolve(url.hostname).catch(() => []);
  return { address, origin: url.origin, loopback: answers.some((a) => THIS_COMPUTER.test(a.includes(':') ? `[${a}]` : a)) };
}

/** Where results would go: a port of this computer, or a host. */
function whereTo(q: WebhookQuestion): { port: string; host: string } {
  const url = new URL(q.origin);
  return { port: url.port || (url.protocol === 'https:' ? '443' : '80'), host: url.host };
}

/** The values the refusals below name the address by (their select says a port of this computer, or a host). */
function whereValues(q: WebhookQuestion): { loopback: string; port: string; host: string; address: string } {
  const { port, host } = whereTo(q);
  return { loopback: q.loopback ? 'yes' : 'no', port, host, address: q.address };
}

/** One wording, for the Electron dialog and the Chromium harness alike, in the language chosen when it is shown
 * (English when no text is given: the log and the harness). */
export function webhookDialog(q: WebhookQuestion, text: AppText = ENGLISH_TEXT): { title: string; message: string; detail: string; cancelLabel: string; confirmLabel: string } {
  const at = whereTo(q);
  const values = { loopback: q.loopback ? 'yes' : 'no', port: at.port, host: at.host };
  return {
    title: text.t('main.dialog.webhook.title'),
    message: text.t('main.dialog.webhook.message', values),
    detail: text.t('main.dialog.webhook.detail', { address: q.address, loopback: values.loopback }),
    cancelLabel: text.t('main.dialog.webhook.dontSend'),
    confirmLabel: text.t('main.dialog.webhook.send'),
  };
}

export class SandboxWebhooks {
  constructor(
    private readonly settings: SettingsService,
    private readonly confirm: ConfirmWebhook | undefined,
    /** the built-in Sandbox's addresses while it runs */
    private readonly builtin: () => readonly string[] = () => [],
    private readonly resolve: ResolveHost = systemResolve,
  ) {}

  /**
   * Whether a request sent to `destination` is taken by a program on this computer, which would deliver its
   * results from here: the built-in Sandbox whatever its connection is called, or anything on a loopback address.
   * Decided by where the request goes, never by the connection's label, which the user (or a renderer) names.
   */
  deliversFromHere(destination: string): boolean {
    let url: URL;
    try {
      url = new URL(destination);
    } catch {
      return true;
    }
    return THIS_COMPUTER.test(url.hostname) || this.builtin().some((b) => sameOrigin(b, url.origin));
  }

  /**
   * Why the Sandbox may not deliver to `address` (a request's `webhook_url`), or null when it may or there is
   * none, or when the request goes to a service elsewhere (`destination`). `ask` puts an origin not yet confirmed to the user and remembers a yes; `check` never asks (a task
   * about to go out, which was asked about when it was made).
   */
  async refusal(address: unknown, mode: 'ask' | 'check', destination: string): Promise<Words | null> {
    if (typeof address !== 'string' || address === '' || !this.deliversFromHere(destination)) return null;
    const q = await question(address, this.resolve);
    // The request's own validation words an address that does not parse; nothing is delivered to it.
    if (!q) return null;
    if (this.settings.get().sandboxWebhooks.includes(q.origin)) return null;
    if (mode === 'check') return words('main.task.webhook.notAllowed', whereValues(q));
    if (!this.confirm) return words('main.task.webhook.noDialog');
    if (!(await this.confirm(q))) return words('main.task.webhook.declined', whereValues(q));
    this.settings.update((s) => {
      if (!s.sandboxWebhooks.includes(q.origin)) s.sandboxWebhooks.push(q.origin);
    });
    return null;
  }
}

function sameOrigin(a: string, origin: string): boolean {
  try {
    return new URL(a).origin === origin;
  } catch {
    return false;
  }
}
