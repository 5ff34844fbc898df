import { describe, expect, it } from 'vitest';
import { activeEndpoints, CATALOG, endpointForPath, endpointPath, endpointsByKind, findEndpoint, isValidEndpointWord } from './catalog';
import { referenceFieldNames } from './common';
import { isInferred, TASK_KINDS } from './endpoint';

/** Every path the interface document names, transcribed from it independently of the catalog. */
const DOCUMENT_PATHS = {
  specified: [
    '/v1/gen-dev',
    '/v1/gen-pro-1.0-fill',
    '/v1/gen-pro-1.0-expand',
    '/v1/gen-2-flex',
    '/v1/gen-ctx-max',
    '/v1/gen-2-klein-9b-preview',
    '/v1/gen-pro-1.1',
  ],
  named: [
    '/v1/gen-3-video',
    '/v1/gen-tools/vto-v1',
    '/v1/gen-tools/vto-v2',
    '/v1/gen-tools/deblur-v1',
    '/v1/gen-tools/erase-v1',
    '/v1/gen-tools/outpainting-v1',
    '/v1/gen-tools/video-upscale-v1',
    '/v1/gen-2-klein-9b-kv-finetuned',
    '/v1/gen-2-pro-preview',
    '/v1/gen-2-pro',
    '/v1/gen-2-klein-4b',
    '/v1/gen-2-klein-9b',
  ],
  // In the service's published schema, beyond the document (which names the first two only through a deprecated
  // variant and a migration; the field notes price the last two).
  published: ['/v1/gen-pro-1.1-ultra', '/v1/gen-ctx-pro', '/v1/gen-2-max'],
  deprecated: [
    '/v1/finetune',
    '/v1/gen-pro-finetuned',
    '/v1/gen-pro-1.1-ultra-finetuned',
    '/v1/gen-pro-1.0-depth-finetuned',
    '/v1/gen-pro-1.0-canny-finetuned',
    '/v1/gen-pro-1.0-fill-finetuned',
    '/v1/gen-pro-1.0',
    '/v1/gen-pro-1.0-depth',
    '/v1/gen-pro-1.0-canny',
  ],
};

describe('the catalog', () => {
  it('names every path of the interface document', () => {
    for (const path of [...DOCUMENT_PATHS.specified, ...DOCUMENT_PATHS.named, ...DOCUMENT_PATHS.published, ...DOCUMENT_PATHS.deprecated]) {
      expect(endpointForPath(path), path).toBeDefined();
    }
    const del = endpointForPath('/v1/delete_finetune');
    expect(del?.base).toBe('base_url_us');
    expect(del?.responses).toEqual(['DeleteFinetuneResponse']);
  });

  it('has the published schema’s pro-1.1 ultra, context pro and gen-2-max, each in the shape that schema gives', () => {
    const ultra = findEndpoint('gen-pro-1.1-ultra')!;
    expect(ultra.fields.map((f) => f.name)).toEqual(
      expect.arrayContaining(['prompt', 'aspect_ratio', 'raw', 'image_prompt', 'image_prompt_strength', 'seed', 'prompt_upsampling', 'safety_tolerance', 'output_format', 'webhook_url']),
    );
    expect(ultra.fields.find((f) => f.name === 'aspect_ratio')).toMatchObject({ default: '16:9', ratioRange: ['21:9', '9:21'] });
    expect(ultra.fields.find((f) => f.name === 'image_prompt_strength')).toMatchObject({ default: 0.1, min: 0, max: 1 });
    expect(ultra.fields.some((f) => f.name === 'width')).toBe(false);
    const names = (id: string) => findEndpoint(id)!.fields.map((f) => f.name);
    expect(names('gen-ctx-pro')).toEqual(names('gen-ctx-max'));
    expect(names('gen-2-max')).toEqual(names('gen-2-pro'));
    for (const id of ['gen-pro-1.1-ultra', 'gen-ctx-pro', 'gen-2-max']) expect(findEndpoint(id)!.documentation, id).toBe('named');
  });

  it('declares the third-generation image endpoint with an inferred path and ten references', () => {
    const gen3 = findEndpoint('gen-3-image');
    expect(gen3?.inferredPath).toBeTruthy();
    expect(gen3?.maxReferences).toBe(10);
    expect(gen3?.promptAppendix).toBe('bounding-boxes');
    expect(gen3?.fields.find((f) => f.name === 'aspect_ratio')).toMatchObject({ type: 'enum' });
    const ratios = gen3?.fields.find((f) => f.name === 'aspect_ratio');
    expect(ratios?.type === 'enum' && ratios.values.length).toBe(15);
  });

  it('marks the deprecated endpoints with their migration and never offers them', () => {
    for (const path of DOCUMENT_PATHS.deprecated) {
      const e = endpointForPath(path);
      expect(e?.deprecated?.since).toBe('2025-10-31');
      expect(activeEndpoints()).not.toContain(e);
    }
    expect(findEndpoint('gen-pro-1.0')?.deprecated?.migrateTo).toEqual(['gen-pro-1.1']);
    expect(findEndpoint('gen-pro-finetuned')?.deprecated?.migrateTo).toEqual([]);
  });

  it('has unique ids and paths', () => {
    expect(new Set(CATALOG.map((e) => e.id)).size).toBe(CATALOG.length);
    expect(new Set(CATALOG.map((e) => endpointPath(e))).size).toBe(CATALOG.length);
  });

  it('gives every endpoint a task kind, a reference limit and a release kind', () => {
    for (const e of CATALOG) {
      expect(TASK_KINDS).toContain(e.kind);
      expect(e.release).toBe(e.id.endsWith('-preview') ? 'preview' : 'snapshot');
      const refs = e.fields.filter((f) => f.role === 'reference').length;
      expect(refs, e.id).toBe(e.maxReferences);
      // The check before sending names the same references as the form shows.
      const rule = e.rules.find((r) => r.kind === 'reference-count');
      if (refs > 0) expect(rule, e.id).toEqual({ kind: 'reference-count', fields: e.fields.filter((f) => f.role === 'reference').map((f) => f.name), max: refs });
    }
    expect(findEndpoint('gen-2-flex')?.maxReferences).toBe(8);
    expect(findEndpoint('gen-ctx-max')?.maxReferences).toBe(4);
    expect(findEndpoint('gen-2-klein-9b-preview')?.maxReferences).toBe(4);
  });

  it('records the megapixel limits of inputs', () => {
    expect(findEndpoint('deblur-v1')?.limits.maxInputMegapixels).toBe(4);
    expect(findEndpoint('vto-v2')?.limits.maxInputMegapixels).toBe(4);
    expect(findEndpoint('vto-v1')?.limits).toMatchObject({ downscalesAboveMegapixels: 2, downscalesToMegapixels: 1 });
    expect(findEndpoint('outpainting-v1')?.limits.maxOutputMegapixels).toBe(4);
    expect(findEndpoint('video-upscale-v1')?.limits).toMatchObject({
      maxVideoSeconds: 20,
      maxVideoBytes: 50_000_000,
      maxVideoWidth: 2560,
      maxVideoHeight: 1440,
    });
  });

  it('says which endpoints are described only in part', () => {
    for (const id of ['gen-dev', 'gen-pro-1.0-fill', 'gen-pro-1.0-expand', 'gen-ctx-max', 'gen-pro-1.1']) {
      expect(isInferred(findEndpoint(id)!), id).toBe(false);
    }
    for (const id of ['gen-3-video', 'gen-3-image', 'vto-v1', 'gen-2-pro', 'gen-2-klein-9b-kv-finetuned', 'video-upscale-v1']) {
      expect(isInferred(findEndpoint(id)!), id).toBe(true);
    }
  });

  it('marks how "path to input image" is sent as inferred, and nothing else of klein-9b-preview', () => {
    const inferredFields = (id: string) => findEndpoint(id)!.fields.filter((f) => f.inferred).map((f) => f.name);
    expect(inferredFields('gen-2-klein-9b-preview')).toEqual(referenceFieldNames(4));
    expect(inferredFields('gen-2-flex')).toEqual(expect.arrayContaining(referenceFieldNames(8)));
    for (const f of findEndpoint('gen-2-klein-9b-preview')!.fields.filter((x) => x.role === 'reference')) {
      expect(f.inferred, f.name).toMatch(/path to input image/);
    }
  });

  it('marks the video upscale controls the document states only in part', () => {
    const upscale = findEndpoint('video-upscale-v1')!;
    expect(upscale.fields.find((f) => f.name === 'creativity')).toMatchObject({ type: 'integer', min: 0, max: 1, default: 1 });
    expect(upscale.fields.find((f) => f.name === 'creativity')?.inferred).toMatch(/0 \(precise\) and 1 \(creative\)/);
    expect(upscale.fields.find((f) => f.name === 'upscale_factor')).toMatchObject({ required: false, min: 1.5, max: 3 });
    expect(upscale.fields.find((f) => f.name === 'upscale_factor')?.inferred).toMatch(/required/);
  });

  it('marks a default of 0 below the minimum as "auto" exactly where one is given, and says where the refusal of an explicit 0 comes from', () => {
    for (const e of CATALOG) {
      for (const f of e.fields) {
        if (f.type !== 'integer') continue;
        const belowMin = f.default === 0 && f.min !== undefined && f.min > 0;
        expect(f.defaultIsAuto === true, `${e.id}.${f.name}`).toBe(belowMin);
        if (belowMin) expect(f.observed, `${e.id}.${f.name}`).toMatch(/field notes/);
      }
    }
    for (const id of ['gen-2-klein-9b-preview', 'gen-2-flex', 'gen-2-pro']) {
      expect(findEndpoint(id)!.fields.filter((f) => f.type === 'integer' && f.defaultIsAuto).map((f) => f.name)).toEqual(['width', 'height']);
    }
  });

  it('states the response shapes each specified endpoint may return', () => {
    expect(findEndpoint('gen-dev')?.responses).toEqual(['AsyncResponse', 'AsyncWebhookResponse']);
    expect(findEndpoint('gen-ctx-max')?.responses).toEqual(['AsyncResponse', 'AsyncWebhookResponse']);
    for (const id of ['gen-pro-1.0-fill', 'gen-pro-1.0-expand', 'gen-2-flex', 'gen-2-klein-9b-preview', 'gen-pro-1.1']) {
      expect(findEndpoint(id)?.responses).toEqual(['AsyncResponse']);
    }
  });

  it('groups the active endpoints by kind', () => {
    const groups = endpointsByKind();
    expect(groups.get('inpaint')?.map((e) => e.id)).toEqual(['gen-pro-1.0-fill']);
    expect(groups.get('video')?.map((e) => e.id)).toEqual(['gen-3-video']);
    expect([...groups.values()].flat()).toHaveLength(activeEndpoints().length);
  });

  it('puts the connection’s endpoint word in place of gen, and refuses words that change the path', () => {
    const flex = findEndpoint('gen-2-flex')!;
    expect(endpointPath(flex, 'acme')).toBe('/v1/acme-2-flex');
    expect(endpointPath(findEndpoint('vto-v2')!, 'acme')).toBe('/v1/acme-tools/vto-v2');
    expect(endpointPath(findEndpoint('delete_finetune')!, 'acme')).toBe('/v1/delete_finetune');
    expect(endpointForPath('/v1/acme-2-flex', 'acme')).toBe(flex);
    expect(isValidEndpointWord('a/b')).toBe(false);
    expect(isValidEndpointWord('../x')).toBe(false);
    expect(() => endpointPath(flex, 'x?y')).toThrow();
  });
});
