import { z } from 'zod';
import { ACCOUNT_PATHS, endpointPath, getEndpoint } from '../../../shared/catalog/catalog';
import type { JsonValue } from '../../../shared/catalog/field';
import { DeleteFinetuneResponseSchema } from '../../../shared/catalog/responses';
import type { Finetune } from '../../../shared/ipc/contract';
import { english } from '../../../shared/i18n/say';
import type { Words, WordsValue } from '../../../shared/i18n/words';
import type { ResolvedConnection } from '../connections/connectionService';
import type { ProbeDeps } from '../keys/keyProbe';
import { account } from '../i18n/accountRefusals';
import { refusedWith } from '../i18n/refusal';
import { answerSaid } from '../../../shared/catalog/answerKind';
import { errorBodyMessage, parseJson, send, type HttpOutcome } from '../net/httpClient';

const TIMEOUT_MS = 15_000;
/** Details are asked for this many finetunes at once, and for at most this many in all. */
const DETAIL_CONCURRENCY = 4;
const MAX_DETAILS = 100;

/**
 * `my_finetunes` lists names; the field notes do not say whether an entry is a bare name or a record, so both
 * are read (a record by its `finetune_id`, `id` or `name`).
 */
const ListEntrySchema = z.union([
  z.string().min(1),
  z.looseObject({ finetune_id: z.string().optional(), id: z.string().optional(), name: z.string().optional() }).transform((o) => o.finetune_id ?? o.id ?? o.name ?? ''),
]);
const ListSchema = z.object({ finetunes: z.array(ListEntrySchema) });
const DetailsSchema = z.object({ finetune_details: z.record(z.string(), z.json()) });

export interface FinetuneList {
  readonly finetunes: Finetune[];
  readonly available: boolean;
  readonly message: string | null;
  /** `message` as words, for the window to say in its language */
  readonly messageWords?: Words;
}

/**
 * The active key's finetunes, all on the regional base: deletion as the interface document says, and the list
 * and details queries (beyond the document) where the field notes say the service publishes them. The global
 * base does not serve them, so it is never asked.
 */
export class FinetuneService {
  constructor(
    private readonly activeConnection: () => Promise<ResolvedConnection>,
    private readonly probe: ProbeDeps,
  ) {}

  async list(): Promise<FinetuneList> {
    const conn = await this.activeConnection();
    const base = conn.regionalBaseUrl;
    const out = await this.get(conn, `${base}${ACCOUNT_PATHS.myFinetunes}`);
    if (out.kind !== 'answer') return notListed(unreachableWords(out));
    if (out.status !== 200) {
      this.probe.log.info('the finetune list was not given', { connection: conn.id, status: out.status });
      return notListed(account.finetuneListUnsupported(conn.label, answerSaid(out.status)));
    }
    const parsed = ListSchema.safeParse(parseJson(out.text));
    if (!parsed.success) return notListed(account.finetuneListUnknownShape(conn.label));
    const ids = [...new Set(parsed.data.finetunes.filter((id) => id !== ''))];
    const details = await mapLimited(ids.slice(0, MAX_DETAILS), DETAIL_CONCURRENCY, (id) => this.details(conn, base, id));
    return { finetunes: ids.map((id, i) => ({ id, details: details[i] ?? null })), available: true, message: null };
  }

  /** POST {base_url_us}/v1/delete_finetune. */
  async remove(id: string): Promise<{ deleted: string; message: string }> {
    const conn = await this.activeConnection();
    const out = await send(this.probe.fetch, this.probe.clock, {
      url: `${conn.regionalBaseUrl}${endpointPath(getEndpoint('delete_finetune'), conn.endpointWord)}`,
      method: 'POST',
      body: JSON.stringify({ finetune_id: id }),
      key: { value: conn.secret, allowedOrigins: conn.origins },
      timeoutMs: TIMEOUT_MS,
    });
    if (out.kind !== 'answer') throw refusedWith('unavailable', account.finetuneNotDeleted(id, unreachableWords(out)));
    if (out.status === 200) {
      const parsed = DeleteFinetuneResponseSchema.safeParse(parseJson(out.text));
      return parsed.success ? { deleted: parsed.data.deleted_finetune_id, message: parsed.data.message } : { deleted: id, message: `Finetune ${id} was deleted.` };
    }
    const said = errorBodyMessage(out.text);
    const why = said ? this.probe.redact(said) : null;
    if (out.status === 404) throw refusedWith('not-found', account.finetuneMissing(conn.label, id, why));
    this.probe.log.info('a finetune was not deleted', { connection: conn.id, status: out.status });
    throw refusedWith('invalid-request', account.finetuneRefused(id, answerSaid(out.status), why));
  }

  /** Details, from the regional base too. */
  private async details(conn: ResolvedConnection, base: string, id: string): Promise<Record<string, JsonValue> | null> {
    const out = await this.get(conn, `${base}${ACCOUNT_PATHS.finetuneDetails}?finetune_id=${encodeURIComponent(id)}`);
    if (out.kind !== 'answer' || out.status !== 200) return null;
    const parsed = DetailsSchema.safeParse(parseJson(out.text));
    return parsed.success ? (parsed.data.finetune_details as Record<string, JsonValue>) : null;
  }

  private get(conn: ResolvedConnection, url: string): Promise<HttpOutcome> {
    return send(this.probe.fetch, this.probe.clock, { url, method: 'GET', key: { value: conn.secret, allowedOrigins: conn.origins }, timeoutMs: TIMEOUT_MS });
  }
}

function unreachableWords(out: Exclude<HttpOutcome, { kind: 'answer' }>): WordsValue {
  if (out.kind === 'refused') return out.message;
  return account.serviceDidNotAnswer(out.kind === 'network' ? out.message : out.kind === 'timeout' ? 'timeout' : 'cancelled');
}

/** No list: why, in words where main made them (a refusal's own text stays as it came). */
const notListed = (said: WordsValue): FinetuneList =>
  typeof said === 'object' ? { finetunes: [], available: false, message: english(said), messageWords: said } : { finetunes: [], available: false, message: String(said) };

async function mapLimited<T, R>(items: readonly T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await run(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
