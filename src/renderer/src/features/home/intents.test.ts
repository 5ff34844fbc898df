import { describe, expect, it } from 'vitest';
import { findEndpoint } from '../../../../shared/catalog/catalog';
import { canvasUse } from '../../../../shared/canvas/request';
import { canvasEndpoints } from '../canvas/canvasStore';
import { INTENTS, intentEndpointsExist } from './intents';

describe('the intents on Start', () => {
  it('are the nine the issue names, each on an offered model', () => {
    expect(INTENTS.map((i) => i.label)).toEqual(['Create', 'Edit with references', 'Inpaint', 'Expand', 'Outpaint', 'Try on', 'Clean up', 'Video', 'Upscale video']);
    expect(intentEndpointsExist()).toBe(true);
  });

  it('open the canvas only on models the canvas prepares, each using the layer the intent is about', () => {
    const onCanvas = new Set(canvasEndpoints().map((e) => e.id));
    for (const intent of INTENTS) expect(onCanvas.has(intent.endpointId), intent.label).toBe(intent.opens === 'canvas');
    const use = (id: string) => canvasUse(findEndpoint(INTENTS.find((i) => i.id === id)!.endpointId)!);
    expect(use('inpaint').maskField).not.toBeNull();
    expect(use('expand').expandSides.length).toBe(4);
    expect(use('outpaint').outpaint).toBe(true);
    expect(use('edit').referenceFields.length).toBeGreaterThan(0);
    expect(use('clean-up').maskField).not.toBeNull();
  });
});
