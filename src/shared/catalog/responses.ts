import { z } from 'zod';

/** Response shapes of the service, for parsing what comes over the network and what the sandbox sends. */

const nullableNumber = z.number().nullable().optional();

/** What a submit's answer says it charged, and on how many megapixels in and out. */
const charge = { cost: nullableNumber, input_mp: nullableNumber, output_mp: nullableNumber };

export const AsyncResponseSchema = z.object({
  id: z.string(),
  polling_url: z.string(),
  ...charge,
});

export const AsyncWebhookResponseSchema = z.object({
  id: z.string(),
  status: z.string(),
  webhook_url: z.string(),
  ...charge,
});

export const DeleteFinetuneResponseSchema = z.object({
  status: z.string(),
  message: z.string(),
  deleted_finetune_id: z.string(),
  timestamp: z.string(),
});

export const ValidationErrorBodySchema = z.object({
  detail: z.array(
    z.object({
      loc: z.array(z.union([z.string(), z.number()])),
      msg: z.string(),
      type: z.string(),
    }),
  ),
});

/** Status values public clients observe; any other value is shown as it is while polling goes on. */
export const TASK_STATUS = {
  notFound: 'Task not found',
  pending: 'Pending',
  requestModerated: 'Request Moderated',
  contentModerated: 'Content Moderated',
  ready: 'Ready',
  error: 'Error',
  failed: 'Failed',
} as const;

export const MODERATION_REASONS_KEY = 'Moderation Reasons';

/**
 * The polling body is not in the interface document; this is what public clients observe. Every field but
 * status may be absent, and unknown fields are kept.
 */
export const PollingResultSchema = z.looseObject({
  id: z.string().optional(),
  status: z.string(),
  progress: z.number().nullable().optional(),
  details: z.record(z.string(), z.unknown()).nullable().optional(),
  result: z
    .looseObject({
      sample: z.string().optional(),
      seed: z.number().nullable().optional(),
      start_time: z.number().nullable().optional(),
      end_time: z.number().nullable().optional(),
      duration: z.number().nullable().optional(),
    })
    .nullable()
    .optional(),
  preview: z.unknown().optional(),
  cost: z.number().nullable().optional(),
});
export type PollingResult = z.infer<typeof PollingResultSchema>;

export const CreditsResponseSchema = z.object({ credits: z.number() });

/** Reads `details["Moderation Reasons"]` as a list of category names, whatever shape arrived. */
export function moderationReasons(details: unknown): string[] {
  if (typeof details !== 'object' || details === null) return [];
  const reasons = (details as Record<string, unknown>)[MODERATION_REASONS_KEY];
  return Array.isArray(reasons) ? reasons.filter((r): r is string => typeof r === 'string') : [];
}
