import { SANDBOX_CONNECTION_ID } from '../../../shared/connections/builtinIds';
import type { Words } from '../../../shared/i18n/words';
import { isSecureTransport, originOf } from '../connections/urlPolicy';
import { claimTempFile } from '../fs/atomicWrite';
import { BadResult, NOT_MEDIA } from '../library/inspect';
import { sniffMediaType, SNIFF_BYTES } from '../../../shared/media/mediaType';
import { chargeOf } from '../../../shared/library/charge';
import type { ResultOrigin } from '../../../shared/library/resultRecord';
import { answerSaid } from '../../../shared/catalog/answerKind';
import { REJECTED_CODES, send, type HttpOutcome } from '../net/httpClient';
import { timed } from '../perf/phases';
import { CRASHES_BEFORE_SET_ASIDE, UnreadResults } from './crashGuard';
import type { EngineDeps } from './engineDeps';
import { msg } from './messages';
import { DOWNLOAD_BACKOFF, DOWNLOAD_TIMEOUT_MS, MAX_RESULT_BYTES } from './policy';
import { inputList } from './requestBody';
import type { Slots } from './slots';
import type { TaskBook } from './taskBook';
import type { TaskRecord } from './taskRecord';
import type { Transitions } from './transitions';

/**
 * Fetching a Ready task's result (without the key: the address is signed) and filing it in the library. A
 * result filed by an earlier run, whole or only its file, is found and not fetched again.
 */
export class DownloadStep {
  private readonly unread: UnreadResults;

  constructor(
    private readonly d: EngineDeps,
    private readonly book: TaskBook,
    private readonly slots: Slots,
    private readonly t: Transitions,
  ) {
    this.unread = new UnreadResults(d.library.dir);
  }

  /**
   * Streams the result to `file` (in the library's folder, so filing it is a rename), its size counted as it
   * arrives; one over the limit, or whose first bytes are no picture or video, is stopped there.
   */
  private fetchResult(sampleUrl: string, file: string, signal: AbortSignal): Promise<HttpOutcome> {
    // No key: the address is signed, and the key never goes to a storage host.
    const toFile = { path: file, headBytes: SNIFF_BYTES, accept: (head: Uint8Array) => sniffMediaType(head) !== undefined };
    return timed('http', () => send(this.d.fetch, this.d.clock, { url: sampleUrl, method: 'GET', binary: true, toFile, maxBytes: MAX_RESULT_BYTES, timeoutMs: DOWNLOAD_TIMEOUT_MS, signal }));
  }

  async run(r: TaskRecord, signal: AbortSignal): Promise<void> {
    const sampleUrl = r.sampleUrl;
    if (!sampleUrl) {
      await this.book.update(r, { state: 'running' });
      this.slots.wake(r, this.book.now());
      return;
    }
    if (r.stepCrashes >= CRASHES_BEFORE_SET_ASIDE) {
      // Filed whole (its sidecar written) by a run that died before the record said so: the result was read
      // once already, so it is done, not unreadable. Only the sidecar is looked at here, never the file.
      const filed = await this.d.library.find(r.id, r.request.endpointId, r.createdAt);
      return filed ? this.finished(r, filed.id) : this.setAside(r);
    }
    // Counted on disk before anything is fetched or read, cleared when the step ends (see crashGuard.ts).
    const crashedBefore = r.stepCrashes > 0;
    await this.book.update(r, { stepCrashes: r.stepCrashes + 1 });
    try {
      await this.fetchAndFile(r, sampleUrl, crashedBefore, signal);
    } finally {
      if (r.stepCrashes > 0 && !this.book.stopped) await this.book.update(r, { stepCrashes: 0 });
    }
  }

  /**
   * Two runs in a row died during this task's step: it ends here, its result kept where the user can look at it
   * (and out of the library, which would read it again at the next start), and Retry is left to the user.
   */
  private async setAside(r: TaskRecord): Promise<void> {
    const leftover = await this.d.library.unfiledFile(resultMeta(r));
    const kept = (await this.unread.find(r.id)) ?? (leftover ? await this.unread.adopt(r.id, leftover.path, leftover.ext).catch(() => undefined) : undefined);
    const message = kept ? msg.setAsideKept(kept) : msg.setAsideNotKept;
    this.d.log.warn('a task was set aside after two crashes during its download step', { task: r.id, kept: kept ?? null });
    // Cleared with the ending's own write: a Retry starts the step with no crash counted.
    r.stepCrashes = 0;
    await this.t.fail(r, { code: 'set-aside', message });
    this.d.notify('warning', msg.setAsideNotice(message));
  }

  private async fetchAndFile(r: TaskRecord, sampleUrl: string, crashedBefore: boolean, signal: AbortSignal): Promise<void> {
    const meta = resultMeta(r);
    // Filed by an earlier run: whole (sidecar written), or only its file (a crash came before the sidecar).
    const existing = (await this.d.library.find(r.id, r.request.endpointId, r.createdAt)) ?? (await this.d.library.recover(meta));
    if (existing) return this.finished(r, existing.id);
    if (r.connectionId === SANDBOX_CONNECTION_ID && !(await this.onCurrentSandbox(r, sampleUrl))) return this.t.lostWithSandbox(r);
    if (!isSecureTransport(sampleUrl)) return this.t.fail(r, { code: 'insecure', message: msg.resultNotHttps });
    const temp = claimTempFile(this.d.library.dir);
    try {
      return await this.fetchInto(r, sampleUrl, temp.path, crashedBefore, signal);
    } finally {
      await temp.release();
    }
  }

  private async fetchInto(r: TaskRecord, sampleUrl: string, file: string, crashedBefore: boolean, signal: AbortSignal): Promise<void> {
    const out = await this.fetchResult(sampleUrl, file, signal);
    if (this.book.stopped || r.state !== 'downloading') return;
    if (out.kind === 'aborted') return;
    if (out.kind === 'refused') return this.t.fail(r, { code: 'insecure', message: out.message });
    if (out.kind === 'network' && out.code === REJECTED_CODES.tooLarge) return this.refuse(r, msg.resultTooLarge(MAX_RESULT_BYTES / 2 ** 20));
    if (out.kind === 'network' && out.code === REJECTED_CODES.wrongType) return this.refuse(r, msg.resultNotMedia);
    if (out.kind === 'network' || out.kind === 'timeout') {
      return this.t.backoff(r, DOWNLOAD_BACKOFF, 'downloading', msg.downloadInterrupted, { code: 'network', message: msg.downloadFailed });
    }
    if (out.status === 200 && out.written !== undefined) {
      // A run died during this step before: the file is kept first, so a second death leaves it to look at.
      if (crashedBefore) await this.unread.keep(r.id, file);
      try {
        const item = await this.d.library.save({ ...resultMeta(r), file });
        if (crashedBefore) await this.unread.discard(r.id);
        return this.finished(r, item.id);
      } catch (error) {
        if (!(error instanceof BadResult)) throw error;
        // The wrong kind of file would come again the same; one cut short on the way may not.
        if (!error.refetch) return this.refuse(r, error.words === NOT_MEDIA ? msg.resultNotMedia : msg.resultNotKept(error.words));
        return this.t.backoff(r, { ...DOWNLOAD_BACKOFF, attempts: 3 }, 'downloading', msg.didNotDecode(error.words), { code: 'bad-result', message: msg.didNotDecodeError(error.words) });
      }
    }
    if (out.status === 403 || out.status === 404 || out.status === 410) {
      if (r.sampleRefreshes < 1) {
        // Ask the service again: it may hand out a fresh address.
        await this.book.update(r, { state: 'running', sampleRefreshes: r.sampleRefreshes + 1, detail: msg.addressExpiredAsking });
        this.slots.wake(r, this.book.now());
        return;
      }
      this.d.log.info('the result address expired', { task: r.id, status: out.status });
      return this.t.fail(r, { code: 'result-expired', message: msg.addressExpired });
    }
    const kind = answerSaid(out.status);
    this.d.log.info('the storage refused the download', { task: r.id, status: out.status, kind });
    return this.t.backoff(r, DOWNLOAD_BACKOFF, 'downloading', msg.storageRefused(kind), { code: 'network', message: msg.downloadFailedStorage(kind) });
  }

  /** A result Gen Studio does not keep, and would not keep from a second download: the task ends, and the artist is told. */
  private async refuse(r: TaskRecord, message: Words): Promise<void> {
    this.d.log.warn('a result was refused and not fetched again', { task: r.id });
    await this.t.fail(r, { code: 'bad-result', message });
    this.d.notify('warning', msg.resultRefusedNotice(message));
  }

  /** Whether an address of a Sandbox task is on the Sandbox running now (see `Transitions.lostWithSandbox`). */
  private async onCurrentSandbox(r: TaskRecord, url: string): Promise<boolean> {
    const conn = await this.d.connections.resolve(r.connectionId, r.keyId);
    const origin = originOf(url);
    return origin !== undefined && conn.origins.has(origin);
  }

  private async finished(r: TaskRecord, resultId: string): Promise<void> {
    await this.book.update(r, { state: 'done', stepCrashes: 0, resultId, finishedAt: this.book.now(), detail: null, error: null, nextAttemptAt: null });
    this.slots.slotFreed(r.keyId);
  }
}

/** What the task knows of its result, for the library to keep beside it. */
function resultMeta(r: TaskRecord): ResultOrigin {
  return {
    id: r.id,
    endpointId: r.request.endpointId,
    params: r.request.params,
    inputs: inputList(r.request),
    seed: r.resultSeed ?? (typeof r.request.params.seed === 'number' ? r.request.params.seed : null),
    ...chargeOf(r.remote, r.settledCost),
    remoteTaskId: r.remote?.id ?? null,
    connectionLabel: r.connectionLabel,
    createdAt: r.createdAt,
    submittedAt: r.submittedAt,
    readyAt: r.readyAt,
    projectId: r.projectId,
    group: r.group,
  };
}
