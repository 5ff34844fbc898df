import { beforeEach, describe, expect, it } from 'vitest';
import { findEndpoint } from '../../../shared/catalog/catalog';
import { emptyDocument } from '../../../shared/canvas/document';
import { useCanvasStore } from '../features/canvas/canvasStore';
import { noticeFor, useStudioStore } from './studioStore';
import { createText, ENGLISH_TEXT } from '../../../shared/i18n/text';
import { loadMessages } from '../../../shared/i18n/catalog';
import { switchModel } from '../features/studio/switchModel';

const studio = () => useStudioStore.getState();

beforeEach(() => {
  useCanvasStore.getState().load(emptyDocument('gen-2-pro'), null);
  studio().say(null);
});

describe('each notice belongs to the model it speaks of', () => {
  it('a refusal about one model is not shown beside another, even when it arrives after the switch', () => {
    switchModel('gen-2-flex', 'create');
    // Generate on Gen 2 Pro was answered after the artist had moved on.
    studio().say({ kind: 'error', text: () => 'Not sent: the prompt is too long.', about: 'gen-2-pro' });
    expect(noticeFor(studio(), 'gen-2-flex')).toBeNull();
    expect(noticeFor(studio(), 'gen-2-pro')!.text(ENGLISH_TEXT)).toContain('too long');
    // A switch replaces it with what the new model says, or nothing.
    switchModel('gen-2-pro', 'create');
    expect(noticeFor(studio(), 'gen-2-pro')).toBeNull();
  });

  it('what a switch leaves unused is said about the new model, in the language on screen when it shows, and goes with the next switch', async () => {
    useCanvasStore.getState().change('refs', (d) => ({ ...d, intent: 'edit', references: [{ assetId: 'b'.repeat(64), name: 'ref.png', width: 10, height: 10 }] }));
    switchModel('gen-pro-1.1', 'create');
    const said = studio().notice;
    expect(said?.about).toBe('gen-pro-1.1');
    expect(noticeFor(studio(), 'gen-pro-1.1')!.text(ENGLISH_TEXT)).toMatch(/will not use/);
    // The language changed while it showed: it is said again in the new one, not left in the old.
    const german = noticeFor(studio(), 'gen-pro-1.1')!.text(createText('de', await loadMessages('de')));
    expect(german).not.toMatch(/will not use/);
    expect(german).toContain('Pro 1.1');
    switchModel('gen-2-flex', 'edit');
    expect(noticeFor(studio(), 'gen-pro-1.1')).toBeNull();
  });

  it('the last run listed is the chosen model’s own', () => {
    studio().ran('gen-2-pro', 'group-a');
    studio().ran('gen-2-flex', 'group-b');
    expect(studio().lastGroups).toEqual({ 'gen-2-pro': 'group-a', 'gen-2-flex': 'group-b' });
  });
});

describe('a reuse', () => {
  it('sets the variations to the result’s Generate’s and remembers its seed, whatever the panel held', () => {
    studio().setVariations(4);
    studio().reused('gen-dev', 42, 1);
    expect(studio().variations).toBe(1);
    expect(studio().reusedSeed).toEqual({ endpointId: 'gen-dev', seed: 42 });
    studio().reused('gen-dev', null, 3);
    expect(studio().variations).toBe(3);
    expect(studio().reusedSeed).toBeNull();
  });
});

describe('"Field required" shows only for what the artist left out', () => {
  it('a finetune deleted (or unpicked) after a Generate is not marked missing until the next Generate', () => {
    const endpoint = findEndpoint('gen-2-klein-9b-kv-finetuned')!;
    studio().attempt(endpoint.id);
    studio().changed(endpoint, 'prompt', undefined);
    expect(studio().attempted.has(endpoint.id)).toBe(true);
    studio().changed(endpoint, 'finetune_id', undefined);
    expect(studio().attempted.has(endpoint.id)).toBe(false);
  });
});

