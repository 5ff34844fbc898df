// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { LibraryItem, TaskInfo } from '../../../../shared/ipc/contract';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const INPUT = 'a'.repeat(64);
// The bridge the row's stores read through, before they are imported.
Object.assign(window, {
  gen: {
    assets: {
      get: async ({ id }: { id: string }) => ({
        ok: true,
        value: { id, name: 'photo.png', mime: 'image/png', bytes: 1, width: 4, height: 4, hasAlpha: false, url: `gen-media://m/asset/${id}`, thumbnailUrl: `gen-media://m/asset-thumb/${id}` },
      }),
    },
  },
});
const { TaskRow } = await import('./TaskRow');
const { useLibraryStore } = await import('../../store/libraryStore');
const { useNavigationStore } = await import('../../store/navigationStore');
const { useTextStore } = await import('../../ui/i18n/textStore');
const { told } = await import('../../../../shared/i18n/say');
const { words } = await import('../../../../shared/i18n/words');

const task = (patch: Partial<TaskInfo>): TaskInfo => ({
  id: 't1',
  endpointId: 'gen-pro-1.0-fill',
  state: 'running',
  serviceStatus: 'Pending',
  progress: 0.4,
  detail: null,
  params: { prompt: 'a red door' },
  inputAssetIds: [INPUT],
  createdAt: 0,
  updatedAt: 0,
  submittedAt: 1000,
  finishedAt: null,
  nextAttemptAt: null,
  remoteId: 'r1',
  cost: 2.5,
  settledCost: null,
  inputMp: 0.3,
  outputMp: 0.3,
  moderationReasons: [],
  error: null,
  resultId: null,
  connectionLabel: 'Sandbox',
  keyLabel: null,
  keyId: 'k1',
  canCancel: true,
  cancelWarning: null,
  canRetry: false,
  retryWarning: null,
  canSend: false,
  projectId: null,
  group: null,
  origin: 'generate',
  ...patch,
});

const containers: HTMLElement[] = [];
afterEach(() => containers.splice(0).forEach((c) => c.remove()));

async function render(t: TaskInfo, now: number, position: number | null = null): Promise<HTMLElement> {
  const container = document.createElement('ul');
  containers.push(container);
  document.body.append(container);
  await act(async () => createRoot(container).render(<TaskRow task={t} position={position} now={now} />));
  await act(async () => new Promise((r) => setTimeout(r, 0)));
  return container;
}

describe('a task in the queue', () => {
  it('shows its input picture, a progress bar from the polling progress, the time so far and its cost', async () => {
    const row = await render(task({}), 13_400);
    expect(row.querySelector<HTMLImageElement>('img[alt="Input"]')!.src).toBe(`gen-media://m/asset-thumb/${INPUT}`);
    expect(row.querySelector('[role="progressbar"]')!.getAttribute('aria-valuenow')).toBe('40');
    expect(row.querySelector('[aria-label="Elapsed time"]')!.textContent).toBe('12 s');
    expect(row.textContent).toContain('2.5 credits');
  });

  it('when done, its result’s picture, which opens the result in the gallery', async () => {
    const result = { id: 't1', thumbnailUrl: 'gen-media://m/result-thumb/t1', url: 'gen-media://m/result/t1', mime: 'image/png', savedAt: 1 } as LibraryItem;
    useLibraryStore.setState({ items: [result] });
    const row = await render(task({ state: 'done', progress: 1, finishedAt: 9000, resultId: 't1', canCancel: false }), 99_000);
    expect(row.querySelector('[role="progressbar"]')).toBeNull();
    expect(row.querySelector<HTMLImageElement>('img[alt="Result"]')!.src).toBe('gen-media://m/result-thumb/t1');
    expect(row.querySelector('[aria-label="Elapsed time"]')!.textContent).toBe('8 s');
    await act(async () => row.querySelector<HTMLButtonElement>('button[aria-label="Open the result"]')!.click());
    expect(useLibraryStore.getState().requestedOpen).toBe('t1');
    expect(useNavigationStore.getState().screenId).toBe('library');
  });

  it('a task waiting for a slot says its place in line', async () => {
    const row = await render(task({ state: 'queued', progress: null, submittedAt: null }), 9000, 4);
    expect(row.textContent).toContain('#4 in line');
  });

  it('a moderated task says it was not charged, with no price beside it', async () => {
    const row = await render(task({ state: 'moderated', moderationReasons: ['Violence'], finishedAt: 5000, canCancel: false }), 9000);
    expect(row.textContent).toContain('Not charged');
    expect(row.textContent).not.toMatch(/\d credits?/);
  });
});

describe('main’s words about a task, in the language on screen', () => {
  afterEach(async () => {
    await act(() => useTextStore.getState().choose('en'));
  });

  // As the task record holds them: the refusal's words, and their English beside them.
  const refused = told(words('main.task.keyRefused', { label: 'Studio key' }));
  const failed = (patch: Partial<TaskInfo> = {}) =>
    task({ state: 'failed', progress: null, finishedAt: 5000, canCancel: false, canRetry: true, error: { code: 'key-rejected', ...refused }, ...patch });

  it('a stored refusal, recorded in English, shows in German after a switch to German', async () => {
    const row = await render(failed(), 9000);
    expect(row.querySelector('[role="alert"]')!.textContent).toBe(refused.message);
    await act(() => useTextStore.getState().choose('de'));
    const alert = row.querySelector('[role="alert"]')!.textContent!;
    expect(alert).toContain('Der Dienst hat den Schlüssel „Studio key“ nicht angenommen');
    expect(alert).not.toContain('did not accept');
  });

  it('a detail made of words inside words is said whole in German', async () => {
    const detail = told(words('main.task.tryingAgain', { detail: words('main.task.serviceProblem', { said: '502: Bad Gateway' }), next: 2, of: 6 }));
    await act(() => useTextStore.getState().choose('de'));
    const row = await render(task({ state: 'waiting', detail: detail.message, detailWords: detail.words }), 9000);
    expect(row.querySelector('.task-detail')!.textContent).toBe('Der Dienst hatte ein Problem (502: Bad Gateway). Neuer Versuch (2 von 6).');
  });

  it('a record from before message ids still shows the English it holds', async () => {
    await act(() => useTextStore.getState().choose('de'));
    const row = await render(failed({ detail: 'Old detail.', error: { code: 'key-rejected', message: 'Old refusal.' } }), 9000);
    expect(row.querySelector('[role="alert"]')!.textContent).toBe('Old refusal.');
    expect(row.querySelector('.task-detail')!.textContent).toBe('Old detail.');
  });

  it('an issue of the app’s own checks beside a refusal is said in German; the service’s own stays as sent, marked English', async () => {
    const error = {
      code: 'validation' as const,
      message: 'The request has problems.',
      issues: [
        { loc: ['body', 'width'], msg: 'Input should be greater than or equal to 256', type: 'greater_than_equal', ctx: { ge: 256 } },
        { loc: ['body', 'seed'], msg: 'Seed is odd today', type: 'value_error' },
      ],
    };
    await act(() => useTextStore.getState().choose('de'));
    const row = await render(failed({ error }), 9000);
    const lines = [...row.querySelectorAll('.task-error li')];
    expect(lines[0]!.textContent).not.toContain('Input should be');
    expect(lines[0]!.textContent).toContain('256');
    expect(lines[1]!.querySelector('[lang="en"][translate="no"]')?.textContent).toBe('Seed is odd today');
  });
});
