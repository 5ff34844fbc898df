import { describe, expect, it } from 'vitest';
import { planBatch } from '../batch/plan';
import { planMatrix } from '../explore/matrix';
import { loadMessages } from './catalog';
import { say } from './say';
import { createText } from './text';

describe('a plan’s problem', () => {
  it('of Explore and of a batch is said in the language on screen, its English as before', async () => {
    const german = createText('de', await loadMessages('de'));
    const japanese = createText('ja', await loadMessages('ja'));
    const sixteen = Array.from({ length: 16 }, () => '{a|b}').join(' ');
    const matrix = planMatrix({ prompt: sixteen, models: ['gen-dev', 'gen-pro-1.1'], seeds: 2, firstSeed: 1, sweep: null, size: null });
    const unclosed = planMatrix({ prompt: 'a {red|blue fox', models: ['gen-dev'], seeds: 1, firstSeed: 1, sweep: null, size: null });
    const batch = planBatch({ pictures: [], tool: 'edit', endpointId: 'gen-2-pro', prompt: '', formats: [], mask: null, partner: null, picturesAre: 'people' });
    if (matrix.ok || unclosed.ok || batch.ok) throw new Error('planned');
    expect(say(german, matrix.said, matrix.problem)).toBe(
      'Das sind 262.144 Bilder (65.536 Lesarten des Prompts × 4 Spalten); eine Matrix fasst höchstens 1.000. Nimm einige Auswahlen, Modelle oder Seeds heraus.',
    );
    expect(say(japanese, unclosed.said, unclosed.problem)).toBe('3 文字目の「{」が「}」で閉じられていません。');
    expect(say(german, batch.said, batch.problem)).toBe('Der Stapel ist nicht vollständig: Wähle Bilder und ein Werkzeug.');
  });
});
