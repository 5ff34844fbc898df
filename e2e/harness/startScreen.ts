/**
 * When the first screen is usable: Start's heading, its "what do you want to do" buttons, the recent projects
 * loaded and the active connection named. Runs in the page (self-contained: Playwright sends its source).
 * bench/startup.ts waits for it; e2e/home.spec.ts checks it holds on the Start screen, so a change to that
 * screen fails a test instead of leaving the benchmark waiting.
 */
export function startScreenUsable(): boolean {
  return (
    document.querySelector('h1')?.textContent === 'Welcome to Gen Studio' &&
    document.querySelectorAll('[aria-label="What to do"] button').length > 0 &&
    document.getElementById('recent-title') !== null &&
    (document.querySelector('[aria-label="Active connection"]')?.textContent ?? '').includes('Sandbox')
  );
}
