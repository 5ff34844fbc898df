import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeMp4 } from '../../src/main/sandbox/video/encodeMp4';
import { CHROMIUM_ARGS, chromiumExecutable } from './runner';
import { startHarness, type Harness } from './server';

const executable = chromiumExecutable();
const hasChromium = executable !== undefined && existsSync(executable);
const required = Boolean(process.env.CI);
if (!hasChromium && !required) console.warn('mediaSeek.test: no Chromium installed (apt-get install chromium); skipping');

describe.skipIf(!hasChromium && !required)('a stored MP4 served as media', () => {
  let browser: Browser;
  let harness: Harness;
  let dataDir: string;
  beforeAll(async () => {
    if (!hasChromium) throw new Error('CI is set but no Chromium is installed: the seek check cannot run.');
    dataDir = await mkdtemp(join(tmpdir(), 'media-seek-'));
    harness = await startHarness({ dataDir });
    browser = await chromium.launch({ executablePath: executable!, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is answered with byte ranges, so a <video> can seek in it', async () => {
    const asset = await harness.core.handlers['assets.import']({ name: 'walk.mp4', bytes: await encodeMp4({ width: 640, height: 368, fps: 24, seconds: 6, background: [20, 40, 160] }) });
    const page = await browser.newPage();
    const statuses: number[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/gen-media/asset/')) statuses.push(r.status());
    });
    try {
      await page.goto(`${harness.origin}/favicon.ico`);
      const got = await page.evaluate(async (url) => {
        const video = document.createElement('video');
        video.muted = true;
        video.preload = 'auto';
        video.src = url;
        document.body.append(video);
        await new Promise<void>((resolve, reject) => {
          video.onloadeddata = () => resolve();
          video.onerror = () => reject(new Error(`the video did not load: ${video.error?.message ?? video.error?.code}`));
        });
        await new Promise<void>((resolve) => {
          video.onseeked = () => resolve();
          video.currentTime = 5.5;
        });
        return {
          seekableEnd: video.seekable.length ? video.seekable.end(0) : 0,
          currentTime: video.currentTime,
          duration: video.duration,
        };
      }, asset.url);
      expect(got.duration).toBeCloseTo(6, 1);
      expect(got.seekableEnd).toBeCloseTo(6, 1);
      expect(got.currentTime).toBeCloseTo(5.5, 1);
      expect(statuses).toContain(206);
    } finally {
      await page.close();
    }
  });
});
