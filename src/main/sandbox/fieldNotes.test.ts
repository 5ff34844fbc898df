import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { endpointPath, getEndpoint } from '../../shared/catalog/catalog';
import { DEMO_FINETUNES } from './accounts';
import { sandboxPerFile } from './testing/lifecycle';

const fx = sandboxPerFile();

type Issue = { loc: (string | number)[]; msg: string; type: string; input?: unknown };

/** Submits, follows the task to its end, and reads the result's format and size. */
async function run(id: string, body: Record<string, unknown>): Promise<{ format: string | undefined; width: number | undefined; height: number | undefined; output_mp: unknown }> {
  const submitted = await fx.client.post<{ polling_url: string; output_mp: unknown }>(endpointPath(getEndpoint(id)), body);
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const done = await fx.client.pollUntilDone(submitted.body.polling_url);
  expect(done.status).toBe('Ready');
  const file = await fx.client.download(done.result!.sample as string);
  const meta = await sharp(file.bytes).metadata();
  return { format: meta.format, width: meta.width, height: meta.height, output_mp: submitted.body.output_mp };
}

describe('the Sandbox answers as the service does where the field notes go beyond the document', () => {
  it('reads numbers given as numeric strings and booleans given as words, and makes what they say', async () => {
    const result = await run('gen-dev', { prompt: 'a lighthouse', width: '512', height: ' 256 ', steps: '20', guidance: '3.5', prompt_upsampling: 'false', seed: '42' });
    expect(result).toMatchObject({ format: 'jpeg', width: 512, height: 256, output_mp: 0.13 });
  });

  it('makes webp where the document lists only jpeg and png', async () => {
    expect((await run('gen-ctx-max', { prompt: 'a lighthouse', output_format: 'webp' })).format).toBe('webp');
    expect((await run('gen-2-klein-9b-preview', { prompt: 'a lighthouse', output_format: 'webp', width: 320, height: 256 })).format).toBe('webp');
  });

  it('takes gen-2-flex fields as null, refuses an explicit width of 0 on klein, and ignores prompt_upsampling on gen-2-pro', async () => {
    await run('gen-2-flex', { prompt: 'a lighthouse', seed: null, width: null, height: null, guidance: null, steps: null, prompt_upsampling: null, output_format: null, input_image: null });
    const zero = await fx.client.post<{ detail: Issue[] }>(endpointPath(getEndpoint('gen-2-klein-9b-preview')), { prompt: 'a lighthouse', width: 0 });
    expect(zero.status).toBe(422);
    expect(zero.body.detail).toEqual([{ loc: ['body', 'width'], msg: 'Input should be greater than or equal to 64', type: 'greater_than_equal', ctx: { ge: 64 }, input: 0 }]);
    await run('gen-2-pro', { prompt: 'a lighthouse', prompt_upsampling: 'not a boolean', width: 320, height: 256 });
  });

  it('refuses null for Ultra’s aspect ratio and a LoRA’s strength, which the published schemas do not make nullable', async () => {
    const ultra = await fx.client.post<{ detail: Issue[] }>(endpointPath(getEndpoint('gen-pro-1.1-ultra')), { prompt: 'a lighthouse', aspect_ratio: null });
    expect(ultra.status).toBe(422);
    expect(ultra.body.detail).toEqual([{ loc: ['body', 'aspect_ratio'], msg: 'Input should be a valid string', type: 'string_type', input: null }]);
    const finetuned = endpointPath(getEndpoint('gen-2-klein-9b-kv-finetuned'));
    const lora = { prompt: 'a lighthouse', finetune_id: DEMO_FINETUNES[0] };
    const strength = await fx.client.post<{ detail: Issue[] }>(finetuned, { ...lora, finetune_strength: null }, { base: 'regional' });
    expect(strength.status).toBe(422);
    expect(strength.body.detail).toEqual([{ loc: ['body', 'finetune_strength'], msg: 'Input should be a valid number', type: 'float_type', input: null }]);
    // Left out, each takes its published default.
    expect(getEndpoint('gen-2-klein-9b-kv-finetuned').fields.find((f) => f.name === 'finetune_strength')?.default).toBe(1.1);
    expect((await fx.client.post(endpointPath(getEndpoint('gen-pro-1.1-ultra')), { prompt: 'a lighthouse' })).status).toBe(200);
  });

  it('gives a regional task a polling address on the regional base, where it is found; the global base does not know it', async () => {
    const submitted = await fx.client.post<{ id: string; polling_url: string }>(
      endpointPath(getEndpoint('gen-2-klein-9b-kv-finetuned')),
      { prompt: 'a lighthouse', finetune_id: DEMO_FINETUNES[0] },
      { base: 'regional' },
    );
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(new URL(submitted.body.polling_url).origin).toBe(new URL(fx.sandbox.regionalBaseUrl).origin);
    expect((await fx.client.pollUntilDone(submitted.body.polling_url)).status).toBe('Ready');
    const elsewhere = new URL(submitted.body.polling_url);
    const global = await fx.client.get(`${fx.sandbox.baseUrl}${elsewhere.pathname}${elsewhere.search}`);
    expect(global.body).toMatchObject({ id: submitted.body.id, status: 'Task not found' });
  });

  it('gives every 422 item its input: the value sent, the body a field is missing from, {} for JSON that does not decode', async () => {
    const path = endpointPath(getEndpoint('gen-ctx-max'));
    const bad = await fx.client.post<{ detail: Issue[] }>(path, { prompt: 'x', seed: 'ten', output_format: 'gif' });
    expect(bad.body.detail.map((i) => [i.loc[1], i.type, i.input])).toEqual([
      ['seed', 'int_parsing', 'ten'],
      ['output_format', 'enum', 'gif'],
    ]);
    const missing = await fx.client.post<{ detail: Issue[] }>(path, { seed: 1 });
    expect(missing.body.detail).toEqual([{ loc: ['body', 'prompt'], msg: 'Field required', type: 'missing', input: { seed: 1 } }]);
    const garbled = await fx.client.post<{ detail: Issue[] }>(path, null, { raw: '{"prompt": ' });
    expect(garbled.body.detail[0]).toMatchObject({ type: 'json_invalid', input: {} });
  });
});
