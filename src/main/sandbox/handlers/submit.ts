import type { IncomingMessage } from 'node:http';
import type { EndpointSpec } from '../../../shared/catalog/endpoint';
import type { JsonValue } from '../../../shared/catalog/field';
import { expectedOutputSize, type InputSizes, type Size } from '../../../shared/catalog/outputSize';
import { megapixels } from '../../../shared/media/imageHeader';
import type { SandboxContext } from '../context';
import { applyInputDownscale } from '../decode/downscale';
import { parseRequest } from '../decode/request';
import type { LifecycleFailure } from '../failures';
import { detail, json, validationError, type Reply } from '../http/reply';
import { moderate } from '../moderation';
import type { DecodedInputs, OutputFormat, RenderJob } from '../outputs/job';
import { render } from '../outputs/render';
import { costOf, round2 } from '../prices';
import { pendingDuration } from '../tasks/timing';
import { serviceIssue } from '../validation/issue';
import { checkKey } from './auth';
import { POLLING_PATH } from './poll';

/** What prompt upsampling adds, so a user can see it happened (in `result.prompt`) and the picture changes with it. */
export const UPSAMPLED_SUFFIX = 'highly detailed, balanced composition, soft natural light';

function upsample(params: Readonly<Record<string, JsonValue>>): Readonly<Record<string, JsonValue>> {
  if (params.prompt_upsampling !== true || typeof params.prompt !== 'string') return params;
  const words = params.prompt.trim();
  return { ...params, prompt: words ? `${words}, ${UPSAMPLED_SUFFIX}` : UPSAMPLED_SUFFIX };
}

/** Seconds of video when the request does not say; the document gives no default, so this is the sandbox's. */
const DEFAULT_VIDEO_SECONDS = 5;

const SEED_RANGE = 2 ** 31;

/** On the base the task was sent to: a regional task is polled on its regional base (field notes). */
const pollingUrl = (ctx: SandboxContext, endpoint: EndpointSpec, id: string) =>
  `${endpoint.base === 'base_url_us' ? ctx.regionalOrigin : ctx.origin}${POLLING_PATH}?id=${encodeURIComponent(id)}`;

function inputSizes(inputs: DecodedInputs): InputSizes {
  const sizes: Record<string, Size> = {};
  for (const [name, image] of inputs.images) sizes[name] = { width: image.width, height: image.height };
  for (const [name, video] of inputs.videos) sizes[name] = { width: video.width, height: video.height };
  return sizes;
}

/**
 * Every input's pixels summed, then rounded once: rounding each image first would make many small references
 * (ten 40 x 40 ones, 0.016 MP) report and cost nothing.
 */
function inputMegapixels(inputs: DecodedInputs): number {
  let pixels = 0;
  for (const image of inputs.images.values()) pixels += image.width * image.height;
  for (const frame of inputs.keyframes) pixels += frame.image.width * frame.image.height;
  for (const video of inputs.videos.values()) pixels += video.width * video.height;
  return round2(pixels / 1e6);
}

function outputSeconds(endpoint: EndpointSpec, params: Readonly<Record<string, JsonValue>>, inputs: DecodedInputs): number {
  if (endpoint.kind === 'video') return typeof params.duration === 'number' ? params.duration : DEFAULT_VIDEO_SECONDS;
  const source = [...inputs.videos.values()][0];
  return source ? source.seconds : 0;
}

function outputFormat(endpoint: EndpointSpec, params: Readonly<Record<string, JsonValue>>, seconds: number): OutputFormat {
  if (seconds > 0 || endpoint.kind === 'video') return 'mp4';
  const f = params.output_format;
  // Tools without an output_format answer in PNG, which keeps their untouched pixels exact.
  return f === 'jpeg' || f === 'png' || f === 'webp' ? f : 'png';
}

function finetuneProblem(ctx: SandboxContext, endpoint: EndpointSpec, key: string, params: Readonly<Record<string, JsonValue>>): Reply | undefined {
  if (!endpoint.finetuneOf) return undefined;
  const id = params.finetune_id;
  if (typeof id === 'string' && ctx.accounts.hasFinetune(key, id)) return undefined;
  return validationError([serviceIssue(['body', 'finetune_id'], 'value_error', `Value error, finetune “${String(id)}” not found for this key`, id ?? null)]);
}

/**
 * A submit call after its body has been read and any transport failure played: key, validation, finetune,
 * the active-task cap, credits, then the task. Records every call in `submissions`.
 */
export async function submit(
  ctx: SandboxContext,
  endpoint: EndpointSpec,
  req: IncomingMessage,
  bodyText: string,
  headerLifecycle: LifecycleFailure | undefined,
): Promise<Reply> {
  const record = (status: number, key: string, taskId: string | null = null) =>
    ctx.submissions.push({ taskId, endpointId: endpoint.id, key, status, at: ctx.now() });
  const auth = checkKey(req, ctx.accounts);
  if (!auth.ok) {
    record(auth.reply.kind === 'json' ? auth.reply.status : 0, auth.key);
    return auth.reply;
  }
  const { key } = auth;
  const answer = (reply: Reply, taskId: string | null = null) => {
    record(reply.kind === 'drop' ? 0 : reply.status, key, taskId);
    return reply;
  };

  const parsed = await parseRequest(endpoint, bodyText, ctx.media, req.headers['content-type']);
  if (!parsed.ok) return answer(parsed.reply);
  const params = upsample(parsed.params);
  const finetune = finetuneProblem(ctx, endpoint, key, params);
  if (finetune) return answer(finetune);

  const inputs = await applyInputDownscale(endpoint, parsed.inputs);
  const size = expectedOutputSize(endpoint, params, inputSizes(inputs)) ?? { width: 1024, height: 1024 };
  const seconds = outputSeconds(endpoint, params, inputs);
  const inputMp = inputMegapixels(inputs);
  const outputMp = megapixels(size.width, size.height);
  const cost = costOf(endpoint, { inputMp, outputMp, seconds });

  const active = ctx.tasks.activeCount(key);
  if (active >= ctx.options.maxActiveTasksPerKey) {
    return answer(
      detail(429, `Too many active tasks: this key has ${active} running (limit ${ctx.options.maxActiveTasksPerKey}); retry when one finishes`, {
        'retry-after': '1',
      }),
    );
  }
  const moderation = moderate(endpoint, params, inputs.images.values());
  const flaggedAtOnce = moderation?.status === 'Request Moderated';
  if (!flaggedAtOnce && !ctx.accounts.charge(key, cost)) {
    return answer(detail(402, `Insufficient credits: this request costs ${cost} credits and the balance is ${ctx.accounts.credits(key) ?? 0}`));
  }

  const seed = typeof params.seed === 'number' ? params.seed : Math.floor(Math.random() * SEED_RANGE);
  const job: RenderJob = { endpoint, params, inputs, seed, size, format: outputFormat(endpoint, params, seconds), seconds };
  const lifecycle = headerLifecycle ?? ctx.failures.lifecycle(endpoint.id);
  const webhookUrl = typeof params.webhook_url === 'string' ? params.webhook_url : undefined;
  const webhookSecret = typeof params.webhook_secret === 'string' ? params.webhook_secret : undefined;
  const id = ctx.tasks.create({
    endpoint,
    key,
    seed,
    prompt: typeof params.prompt === 'string' ? params.prompt : undefined,
    cost: flaggedAtOnce ? 0 : cost,
    durationMs: pendingDuration(endpoint, ctx.options, typeof params.prompt === 'string' ? params.prompt : undefined),
    ...(moderation ? { moderation } : {}),
    ...(lifecycle ? { lifecycle: lifecycle.kind } : {}),
    ...(webhookUrl ? { webhook: { url: webhookUrl, ...(webhookSecret ? { secret: webhookSecret } : {}) } } : {}),
    render: () => render(job),
    ...(endpoint.kind === 'video' || seconds > 0
      ? { settledCost: (output) => costOf(endpoint, { inputMp, outputMp: megapixels(output.width, output.height), seconds: output.seconds }) }
      : {}),
  });

  const figures = { cost, input_mp: inputMp, output_mp: outputMp };
  if (webhookUrl && endpoint.responses.includes('AsyncWebhookResponse')) {
    return answer(json(200, { id, status: 'Pending', webhook_url: webhookUrl, ...figures }), id);
  }
  return answer(json(200, { id, polling_url: pollingUrl(ctx, endpoint, id), ...figures }), id);
}
