import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, type Page } from '@playwright/test';
import sharp from 'sharp';
import { launchChromium } from './harness/launch';
import { sandboxPace, type SandboxPace } from './harness/pace';
import type { Harness } from './harness/server';
import { chooseRunner } from './harness/runner';

/** One submission the service received: its path and JSON body. */
export interface Received {
  readonly path: string;
  readonly body: Record<string, unknown>;
}

/** One request the core sent anywhere: where it went (which base) and what. */
export interface Sent {
  readonly method: string;
  readonly origin: string;
  readonly path: string;
}

export interface StudioApp {
  readonly page: Page;
  readonly dataDir: string;
  /** Every submission that reached the service (the built-in Sandbox), in order. */
  readonly received: Received[];
  /** Every request the core sent, submissions, polls and account queries alike, in order. */
  readonly sent: Sent[];
  /** The Node core the page is bound to, to say what main says on its own (a notification clicked). */
  readonly harness: Harness;
}

/**
 * A fetch for the core that notes every submission (a POST under /v1/) in `received`, and every request in
 * `sent`, then sends it on.
 */
export function recordingFetch(received: Received[], sent: Sent[] = []): typeof fetch {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    sent.push({ method: init?.method ?? 'GET', origin: url.origin, path: url.pathname });
    if ((init?.method ?? 'GET') === 'POST' && url.pathname.startsWith('/v1/') && typeof init?.body === 'string') {
      received.push({ path: url.pathname, body: JSON.parse(init.body) as Record<string, unknown> });
    }
    return fetch(input, init);
  };
}

/**
 * The app on the Chromium runner with the core's fetch wrapped, so a journey can check the very request the
 * Sandbox received, not only what the app meant to send. The Electron runner's core lives in another process,
 * out of the test's reach: these journeys run on Chromium only.
 */
export const test = base.extend<{ studio: StudioApp; sandboxPace: SandboxPace }>({
  // A spec that watches tasks while they run sets `test.use({ sandboxPace: 'demo' })` (harness/pace.ts).
  sandboxPace: ['brisk', { option: true }],
  studio: async ({ sandboxPace: pace }, use, info) => {
    info.skip(chooseRunner() !== 'chromium', 'reads the requests through the Node core, which the Chromium runner hosts');
    const dataDir = await mkdtemp(join(tmpdir(), 'gen-studio-e2e-'));
    const received: Received[] = [];
    const sent: Sent[] = [];
    const app = await launchChromium({ dataDir, deps: { fetch: recordingFetch(received, sent), sandboxOptions: sandboxPace(pace) } });
    await use({ page: app.page, dataDir, received, sent, harness: app.harness! });
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  },
});

export const expect = test.expect;

/** A base64 image field of a received body, decoded: its size and the RGBA of one pixel. */
export async function decoded(value: unknown, at: [number, number] = [0, 0]): Promise<{ width: number; height: number; pixel: number[] }> {
  const text = String(value);
  const bytes = Buffer.from(text.slice(text.indexOf(',') + 1), 'base64');
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (at[1] * info.width + at[0]) * 4;
  return { width: info.width, height: info.height, pixel: [...data.subarray(i, i + 4)] };
}
