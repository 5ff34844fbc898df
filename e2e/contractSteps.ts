import { expect, type Page } from '@playwright/test';

/** A screen's button in the rail, by its name. */
export const rail = (page: Page, name: string) => page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name, exact: true });

/**
 * Sends one request straight through the contract, as the studio would, for the open project (or for none): the
 * journeys that use it check what is shown of the result, not the studio's form.
 */
export async function sendRequest(page: Page, request: { endpointId: string; params: Record<string, string | number> }, forProject: 'open' | 'none' = 'open'): Promise<void> {
  const sent = await page.evaluate(
    async ({ request, forProject }) => {
      const listed = forProject === 'open' ? await window.gen.projects.list() : null;
      const r = await window.gen.tasks.submitGroup({ request: { ...request, inputs: {} }, count: 1, projectId: listed?.ok ? listed.value.lastOpenedId : null });
      return r.ok ? r.value.length : r.error.message;
    },
    { request, forProject },
  );
  expect(sent).toBe(1);
}
