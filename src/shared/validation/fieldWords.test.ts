import { describe, expect, it } from 'vitest';
import { getEndpoint } from '../catalog/catalog';
import { loadMessages } from '../i18n/catalog';
import { say } from '../i18n/say';
import { createText } from '../i18n/text';
import type { ValidationIssue } from './issue';
import { minimalValidBody } from './testing';
import { validateRequest } from './validate';

const german = createText('de', await loadMessages('de'));
/** An issue as the form says it in German: its words; never its English msg (that is the service's, for the log). */
const inGerman = (i: ValidationIssue) => (i.words ? say(german, i.words, '(no words)') : '(no words)');

describe('the field checks’ words in German; msg stays the service’s English', () => {
  it('lists a choice not offered with the language’s own "or"', () => {
    const endpoint = getEndpoint('gen-ctx-max');
    const [found] = validateRequest(endpoint, { ...minimalValidBody(endpoint), output_format: 'gif' }).filter((i) => i.loc[1] === 'output_format');
    expect(found!.msg).toBe("Input should be 'jpeg', 'png' or 'webp'");
    expect(inGerman(found!)).toBe("Wähle 'jpeg', 'png' oder 'webp'.");
  });

  it('says a webhook address that is not text', () => {
    const endpoint = getEndpoint('gen-ctx-max');
    const [found] = validateRequest(endpoint, { ...minimalValidBody(endpoint), webhook_url: 42 }).filter((i) => i.loc[1] === 'webhook_url');
    expect(found!.msg).toBe('URL input should be a string or URL');
    expect(inGerman(found!)).toBe('Gib die Adresse als Text ein, beginnend mit http:// oder https://.');
  });

  it('says what is wrong with the keyframes’ shape', () => {
    const video = getEndpoint('gen-3-video');
    const field = video.fields.find((f) => f.type === 'keyframes')!.name;
    const issues = (value: unknown) => validateRequest(video, { ...minimalValidBody(video), [field]: value }).filter((i) => i.loc[1] === field);
    const notList = issues('a, b');
    expect(notList.map((i) => [i.msg, inGerman(i)])).toEqual([['Input should be a valid list', 'Die Keyframes ließen sich nicht lesen; hefte sie erneut an.']]);
    const shapes = issues(['a', { time: 'soon' }, { image: 'x', time: -1 }, { image: 'y', time: 0.5 }]);
    expect(shapes.map((i) => [i.loc.slice(2).join('.'), i.msg, inGerman(i)])).toEqual([
      ['0', 'Input should be an object with image and time', 'Jeder Keyframe braucht ein Bild und eine Zeit.'],
      ['1.image', 'Input should be a valid string', 'Dieser Keyframe hat kein Bild.'],
      ['1.time', 'Input should be a valid number', 'Die Zeit dieses Keyframes muss eine Zahl in Sekunden sein.'],
      ['2.time', 'Input should be greater than or equal to 0', 'Ein Keyframe kann nicht vor dem Anfang des Clips liegen.'],
    ]);
  });
});
