import type { Page } from '@playwright/test';
import { openCanvas, openPicture, png } from '../canvasDriver';
import { dropOn } from '../dropFiles';
import { expect } from '../fixtures';
import type { LanguageArea } from './stops';

const strip = (page: Page) => page.locator('.results-strip');
const tiles = (page: Page) => strip(page).locator('.strip-tile');

/** The project's results as the studio makes them: one press of Generate, in the open project. */
async function generate(page: Page, prompt: string, count: number): Promise<void> {
  await page.evaluate(
    async ({ prompt, count }) => {
      const projects = await window.gen.projects.list();
      const projectId = projects.ok ? projects.value.lastOpenedId : null;
      await window.gen.tasks.submitGroup({ request: { endpointId: 'gen-dev', params: { prompt, width: 256, height: 256 }, inputs: {} }, count, projectId });
    },
    { prompt, count },
  );
}

/**
 * The studio in Video with a picture and an earlier one under Versions, two pictures to review and one the service
 * refused in the strip, three keyframes pinned on a 2 s timeline and a draft clip made from them.
 */
export const VIDEO: LanguageArea = {
  name: "The studio's strip of results and the video panels",
  async setup(page) {
    await openCanvas(page);
    await openPicture(page, await png(320, 180, '#3a6ea5'));
    await generate(page, 'a lighthouse at dusk', 3);
    await generate(page, 'a gore scene', 1);
    await expect(tiles(page).locator('img')).toHaveCount(3, { timeout: 60_000 });
    await expect(tiles(page).filter({ hasText: 'Moderated' })).toHaveCount(1, { timeout: 30_000 });
    // One accepted, so the picture it replaced is under Versions.
    await tiles(page).filter({ has: page.locator('img') }).first().click();
    await strip(page).getByRole('button', { name: 'Accept as the picture' }).click();
    await expect(strip(page).getByRole('button', { name: 'Versions (1)' })).toBeEnabled();

    const panel = page.getByRole('region', { name: 'Generate' });
    await panel.getByRole('radio', { name: 'Video', exact: true }).click();
    await expect(panel).toHaveAttribute('data-endpoint', 'gen-3-video');
    const length = panel.getByLabel('Length in seconds');
    await length.fill('2');
    await length.press('Enter');
    const timeline = page.getByRole('region', { name: 'Keyframe timeline' });
    const image = async (name: string, colour: string) => ({ name, type: 'image/png', bytes: await png(160, 90, colour) });
    await dropOn(page, timeline.getByRole('group', { name: 'First frame slot' }), [await image('red.png', '#ff0000')]);
    await dropOn(page, timeline.getByRole('group', { name: /^Timeline, / }), [await image('green.png', '#00ff00')], 0.5);
    await dropOn(page, timeline.getByRole('group', { name: 'Last frame slot' }), [await image('blue.png', '#0000ff')]);
    await expect(timeline.getByLabel('Keyframe count')).toHaveText('3 of 10');
    await panel.getByRole('radio', { name: /^Draft / }).check();
    await panel.getByRole('textbox', { name: /^Prompt/ }).fill('a red door opens');
    await panel.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect(tiles(page).locator('.tile-badge')).toHaveCount(1, { timeout: 90_000 });
  },
  stops: [
    {
      name: 'the strip, a picture to review shown over the canvas before and after',
      async go(page) {
        await tiles(page).filter({ has: page.locator('img') }).first().click();
        await strip(page).locator('.segmented .segment').nth(1).click();
        await expect(page.locator('.result-overlay .compare-divider')).toBeVisible();
      },
    },
    {
      name: 'the strip, a result the service refused',
      async go(page) {
        await tiles(page).filter({ has: page.locator('.tile-problem') }).first().click();
        await expect(strip(page).locator('.strip-reason')).toBeVisible();
      },
    },
    {
      name: 'the versions panel',
      async go(page) {
        await strip(page).locator('.strip-bar button[aria-expanded]').click();
        await expect(page.locator('.versions-panel .version')).toHaveCount(1);
      },
    },
    {
      name: 'the video panel and the timeline with keyframes pinned, one selected',
      async go(page) {
        await page.locator('.versions-panel .versions-head button').click();
        await page.locator('.video-timeline .keyframe').nth(1).click();
        await expect(page.locator('.keyframe-view')).toBeVisible();
        await expect(page.locator('.timeline-selected')).toBeVisible();
      },
    },
    {
      name: 'a draft clip in the strip and its Make final',
      async go(page) {
        await tiles(page).filter({ has: page.locator('.tile-badge') }).click();
        await strip(page).locator('.strip-video .button.primary').click();
        await expect(strip(page).locator('.final-size .video-resolution')).toHaveCount(3);
      },
    },
    {
      name: 'the player of the draft over the canvas',
      async go(page) {
        await expect(page.locator('.video-result .player-scrub')).toBeEnabled({ timeout: 30_000 });
      },
    },
  ],
};
