import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox/index';
import { startCore } from '../testing/coreFixture';
import { advanceUntil, FakeClock } from '../testing/fakeClock';
import { MemoryKeychain } from '../testing/memoryKeychain';
import { tempDir } from '../testing/tempDir';
import { wholeFieldsOfCutAnswer } from './cutAnswer';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

const ANSWER = '{"id":"t-1","polling_url":"https://api.example/v1/get_result?id=t-1","cost":2.5,"input_mp":0,"output_mp":0.26}';

describe('a submit answer cut short', () => {
  it('gives the task id and polling address only when both came whole', () => {
    const cutAfter = (field: string) => ANSWER.slice(0, ANSWER.indexOf(field) + field.length);
    expect(wholeFieldsOfCutAnswer(cutAfter('id=t-1"'))).toEqual({ id: 't-1', pollingUrl: 'https://api.example/v1/get_result?id=t-1' });
    // The address cut in the middle is never completed.
    expect(wholeFieldsOfCutAnswer(cutAfter('get_res'))).toBeNull();
    expect(wholeFieldsOfCutAnswer(cutAfter('"id":"t-'))).toBeNull();
    expect(wholeFieldsOfCutAnswer('{"id":"a\\"b","polling_url":"u"')).toEqual({ id: 'a"b', pollingUrl: 'u' });
  });

  /** A core on a Sandbox whose submit answers `cut` turns into what the core receives. */
  async function submitThrough(cut: (text: string) => Response): Promise<{ state: string | undefined; accepted: number }> {
    const KEY = 'sk-cut-answer-7Q';
    // The core's waits (the poll after an answer cut short) run on a fake clock, so no test waits on real time.
    const clock = new FakeClock();
    const sandbox = await startSandbox({ timing: 'instant', keys: { [KEY]: { credits: 100 } }, now: () => clock.now() });
    cleanup.push(() => sandbox.close());
    const cutting: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (init?.method !== 'POST' || !String(input).includes('/v1/gen-dev')) return response;
      return cut(await response.text());
    };
    const dir = await tempDir('cut-answer');
    cleanup.push(dir.remove);
    const fx = await startCore({ dataDir: dir.path, fetch: cutting, clock, secrets: new MemoryKeychain(), deps: { sandboxOptions: { timing: 'instant' } } });
    cleanup.push(() => fx.core.dispose());
    await fx.ok('keys.add', {
      label: 'Test key',
      organization: 'Org',
      project: 'Project',
      secret: KEY,
      connection: { create: { label: 'Local sandbox', baseUrl: sandbox.baseUrl, regionalBaseUrl: sandbox.regionalBaseUrl, endpointWord: 'gen' } },
    });
    const task = await fx.ok('tasks.submit', { endpointId: 'gen-dev', params: { prompt: 'cut short', width: 256, height: 256 }, inputs: {} });
    const ended = () => ['done', 'failed', 'outcome-unknown'].includes(fx.tasks.get(task.id)?.state ?? '');
    await advanceUntil(clock, ended, { describe: () => `still ${fx.tasks.get(task.id)?.state}` });
    return { state: fx.tasks.get(task.id)?.state, accepted: sandbox.submissions().filter((s) => s.taskId !== null).length };
  }

  /** The answer up to the quote that ends its polling address. */
  const upToPollingUrl = (text: string) => text.slice(0, text.indexOf('"', text.indexOf('"polling_url":"') + 15) + 1);

  it('is followed by asking the service (the task finishes), not left for the artist to settle, and never sent twice', async () => {
    // The service took the task and its answer ended right after the polling address.
    expect(await submitThrough((text) => new Response(upToPollingUrl(text), { status: 200, headers: { 'content-type': 'application/json' } }))).toEqual({ state: 'done', accepted: 1 });
  }, 60_000);

  it('after a reset while the answer was arriving, asks the service too', async () => {
    // The connection broke after the polling address arrived: the body's read fails, what came is kept.
    let sent = false;
    const resetAfter = (text: string) =>
      new Response(
        new ReadableStream<Uint8Array>({
          // The first read gets what arrived, the next one the reset (an error drops chunks still queued).
          pull(controller) {
            if (sent) return controller.error(Object.assign(new TypeError('terminated'), { cause: { code: 'ECONNRESET' } }));
            sent = true;
            controller.enqueue(new TextEncoder().encode(upToPollingUrl(text)));
          },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    expect(await submitThrough(resetAfter)).toEqual({ state: 'done', accepted: 1 });
  }, 60_000);
});
