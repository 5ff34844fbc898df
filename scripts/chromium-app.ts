/**
 * Opens Gen Studio in Chromium bound to the Node core, for machines without the Electron binary.
 *   npm run app:chromium                      headed window (needs a display); Ctrl-C to quit
 *   npm run app:chromium -- --screenshot a.png   headless, saves a screenshot and exits
 *   npm run app:chromium -- --data-dir DIR    keeps projects and results in DIR (default: a folder in ~/.gen-studio-chromium)
 */
import { mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { launchChromium } from '../e2e/harness/launch';
import { ScriptedProjectDialogs } from '../e2e/harness/projectDialogs';
import { keyDestinationDialog, type KeyDestinationQuestion } from '../src/main/core/connections/keyDestinationQuestion';
import { openKeychain } from '../src/main/core/secrets/keychainStore';

/** Headed, the terminal stands in for Electron's native dialog about a key's new host: the page cannot answer it. */
async function askInTerminal(question: KeyDestinationQuestion): Promise<boolean> {
  const text = keyDestinationDialog(question);
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  const reply = await terminal.question(`\n${text.title}\n${text.message}\n${text.detail}\n${text.confirmLabel}? [y/N] `);
  terminal.close();
  return /^y(es)?$/i.test(reply.trim());
}

/** Headed, the terminal stands in for the save and open dialogs of Save to file / Open file: a path is typed. */
async function pathInTerminal(question: 'save' | 'open', defaultName?: string): Promise<string | null> {
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  const reply = await terminal.question(question === 'save' ? `\nSave the project to which file? (${defaultName}; empty cancels) ` : '\nOpen which .genstudio file? (empty cancels) ');
  terminal.close();
  return reply.trim() ? resolve(reply.trim()) : null;
}

const { values } = parseArgs({
  options: {
    screenshot: { type: 'string' },
    'data-dir': { type: 'string' },
    width: { type: 'string', default: '1440' },
    height: { type: 'string', default: '900' },
  },
});

const dataDir = resolve(values['data-dir'] ?? join(homedir(), '.gen-studio-chromium'));
await mkdir(dataDir, { recursive: true });
const headless = values.screenshot !== undefined || !process.env.DISPLAY;
// Keys go to the OS keychain here, as in the desktop app; the e2e specs keep theirs in memory.
// Headless, nobody can answer a question about a key's destination: the key is not sent.
const confirmKeyDestination = headless ? async () => false : askInTerminal;
const projectDialogs = new ScriptedProjectDialogs(headless ? undefined : pathInTerminal);
const app = await launchChromium({ dataDir, headless, deps: { secrets: openKeychain(), confirmKeyDestination }, projectDialogs });
await app.page.setViewportSize({ width: Number(values.width), height: Number(values.height) });
console.log(`Gen Studio (Chromium runner) at ${app.harness?.url}, data in ${dataDir}`);

if (values.screenshot !== undefined) {
  await app.page.waitForLoadState('networkidle');
  await app.page.screenshot({ path: values.screenshot });
  console.log(`Screenshot saved to ${resolve(values.screenshot)}`);
  await app.close();
} else if (headless) {
  console.log('No display: pass --screenshot FILE to see the app, or run under xvfb-run.');
  await app.close();
} else {
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  app.page.on('close', () => void stop());
}
