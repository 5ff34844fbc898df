import { describe, expect, it } from 'vitest';
import { activeEndpoints } from '../../shared/catalog/catalog';
import type { EndpointSpec } from '../../shared/catalog/endpoint';
import type { FieldSpec, JsonValue } from '../../shared/catalog/field';
import { compactRequest } from '../../shared/catalog/defaults';
import { validateRequest } from '../../shared/validation/validate';
import { DEMO_FINETUNES } from './accounts';
import { parseRequest } from './decode/request';
import type { MediaSources } from './decode/media';
import { readVideoHeader } from './outputs/video';
import { validBody } from './testing/bodies';
import { videoBase64 } from './testing/video';

/**
 * The app's validation (src/shared/validation, what main checks before it sends) and the Sandbox's (its own
 * model of the service, src/main/sandbox/validation) are two implementations: each request of the table goes to
 * both, and they must agree on accepting or refusing it. The app is asked as the service (`strictness:
 * 'service'`): as a client it also refuses what the service would silently drop (a reference too many).
 * The Sandbox is asked through its request reader (JSON, model, media, cross-field rules: everything its submit
 * checks before it takes a task), not over HTTP: an accepted submit renders its output, and some 2,000 renders
 * would add minutes; serviceValidation.test.ts holds the HTTP answers.
 */
const sources: MediaSources = { ownResult: () => undefined, readVideo: readVideoHeader };

/** Values around each rule a field has, and the lax forms the service reads. */
function variants(f: FieldSpec): JsonValue[] {
  switch (f.type) {
    case 'integer': {
      const lo = f.min ?? 0;
      const step = f.multipleOf ?? 1;
      const out: JsonValue[] = [lo, lo - step, lo + step, `${lo + step}`, ` ${lo + step} `, `${lo + step}.0`, `${lo + step}.`, `+${lo + step}`, lo + 0.5, true, 'abc', [1], null, 0];
      if (f.max !== undefined) out.push(f.max, f.max + step, `${f.max + step}`);
      if (lo + step >= 1000) out.push(`${String(lo + step).slice(0, 1)}_${String(lo + step).slice(1)}`);
      if (f.multipleOf) out.push(lo + 1);
      return out;
    }
    case 'number': {
      const lo = f.min ?? 0;
      const out: JsonValue[] = [lo, lo - 0.01, `${lo}`, ` ${lo} `, `${lo}e0`, true, 'inf', '-inf', 'nan', 'x', [1], null];
      if (f.max !== undefined) out.push(f.max, f.max + 0.01, `${f.max}`);
      return out;
    }
    case 'boolean':
      return [true, false, 'yes', 'NO', ' yes ', 'on', 't', 1, 0, 2, 'maybe', [true], null];
    case 'enum':
      return [...f.values, ...f.values.map((v) => v.toUpperCase()), `${f.values[0]} `, 'not-a-value', 3, null];
    case 'string':
      if (f.format === 'uri') {
        return [
          'https://example.com/hook',
          'http://127.0.0.1:9/x?y=1',
          'https:///example.com/three-slashes',
          'HTTP://EXAMPLE.COM/',
          'https://例え.jp/hook',
          'https://exa%41mple.com/',
          'http://999.999.999.999/',
          'http://1.2.3/',
          'http://example.com:99999/',
          'http://[::1]:8080/',
          'ftp://example.com/',
          'mailto:someone@example.com',
          'https://',
          'not a url',
          '',
          ` https://example.com/padded `,
          `https://e.io/${'a'.repeat(2070)}`,
          `https://e.io/${'é'.repeat(1100)}`,
          12,
          null,
        ];
      }
      if (f.format === 'aspect-ratio') return ['16:9', '21:9', '9:21', '22:9', '1:1', '1.5:1', '16/9', 'wide', '', 12, null];
      return ['', 'a', 'x'.repeat(257), '🦊'.repeat(256), '🦊'.repeat(257), 12, true, null];
    case 'image':
    case 'video':
    case 'keyframes':
      // Media is decoded by the service, not described by its model: only the type is compared here.
      return [7, '', null];
  }
}

async function baseBody(endpoint: EndpointSpec): Promise<Record<string, JsonValue>> {
  const body = await validBody(endpoint, { video: await videoBase64({ width: 64, height: 64, seconds: 2 }) });
  if (endpoint.finetuneOf) body.finetune_id = DEMO_FINETUNES[0]!;
  return body;
}

interface Disagreement {
  readonly endpoint: string;
  readonly field: string;
  readonly value: JsonValue;
  readonly app: string;
  readonly sandbox: string;
}

describe('the app’s validation agrees with the Sandbox’s on what the service accepts', () => {
  it.each(activeEndpoints().map((e) => [e.id, e] as const))('%s', async (_id, endpoint) => {
    const base = await baseBody(endpoint);
    const sandboxReads = (body: Record<string, JsonValue>) => parseRequest(endpoint, JSON.stringify(body), sources, 'application/json');
    expect((await sandboxReads(base)).ok, 'the base body').toBe(true);
    const disagreements: Disagreement[] = [];
    for (const field of endpoint.fields) {
      // Which finetunes a key has is the service's to know, not a rule either side can state.
      if (field.role === 'finetune') continue;
      for (const value of variants(field)) {
        const body = { ...base, [field.name]: value };
        const app = validateRequest(endpoint, body, { strictness: 'service' });
        const answer = await sandboxReads(body);
        const sandbox = answer.ok ? 'accepts' : `422 ${answer.issues.map((i) => i.type).join(',')}`;
        const appSays = app.length === 0 ? 'accepts' : `422 ${app.map((i) => i.type).join(',')}`;
        if ((app.length === 0) !== answer.ok) disagreements.push({ endpoint: endpoint.id, field: field.name, value, app: appSays, sandbox });
      }
    }
    expect(disagreements).toEqual([]);
  });
});

describe('the app never sends null where the service refuses it', () => {
  it.each(activeEndpoints().map((e) => [e.id, e] as const))('%s: a form with every optional value cleared becomes a body the Sandbox takes', async (_id, endpoint) => {
    const form: Record<string, JsonValue> = await baseBody(endpoint);
    for (const f of endpoint.fields) if (!f.required && !['image', 'video', 'keyframes'].includes(f.type)) form[f.name] = null;
    const sent = compactRequest(endpoint, form);
    expect(Object.entries(sent).filter(([, v]) => v === null)).toEqual([]);
    const answer = await parseRequest(endpoint, JSON.stringify(sent), sources, 'application/json');
    expect(answer.ok ? 'accepts' : answer.issues).toBe('accepts');
  });
});
