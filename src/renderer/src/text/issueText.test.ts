import { describe, expect, it } from 'vitest';
import { CATALOG, getEndpoint } from '../../../shared/catalog/catalog';
import { loadMessages } from '../../../shared/i18n/catalog';
import { createText } from '../../../shared/i18n/text';
import { ENGLISH_TEXT } from '../../../shared/i18n/text';
import { minimalValidBody } from '../../../shared/validation/testing';
import { validateRequest } from '../../../shared/validation/validate';
import { issueText } from './issueText';

describe('an issue of the app’s own checks', () => {
  it('is said in the language on screen, its English as the check wrote it', async () => {
    const endpoint = getEndpoint('outpainting-v1');
    const issues = validateRequest(endpoint, { ...minimalValidBody(endpoint), width: 4096, height: 4096 });
    const output = issues.find((i) => i.msg.includes('the output is limited to'));
    expect(output?.msg).toBe('Value error, 4096 x 4096 is 16.78 MP; the output is limited to 4 MP');
    expect(issueText(output!, ENGLISH_TEXT)).toEqual({ text: output!.msg, translated: true });
    const german = createText('de', await loadMessages('de'));
    expect(issueText(output!, german)).toEqual({ text: '4096 × 4096 sind 16,78 MP; das Ergebnis ist auf 4 MP begrenzt.', translated: true });
  });

  it('from the service, without words, stays as it was sent', async () => {
    const german = createText('de', await loadMessages('de'));
    const sent = { loc: ['body', 'width'], msg: 'Value error, the service says no', type: 'value_error' };
    expect(issueText(sent, german)).toEqual({ text: sent.msg, translated: false });
  });

  it('of an aspect ratio that is not one is said in the language on screen', async () => {
    const endpoint = CATALOG.find((e) => e.fields.some((f) => f.type === 'string' && f.format === 'aspect-ratio'))!;
    const field = endpoint.fields.find((f) => f.type === 'string' && f.format === 'aspect-ratio')!;
    const issue = validateRequest(endpoint, { ...minimalValidBody(endpoint), [field.name]: 'wide' }).find((i) => i.loc[1] === field.name)!;
    expect(issue.msg).toBe('Value error, aspect ratio should look like 16:9');
    const japanese = createText('ja', await loadMessages('ja'));
    expect(issueText(issue, japanese).text).toBe('縦横比は 16:9 のような形で入力してください。');
  });

  it('of a webhook address, a choice not offered and a keyframe count is said in the language on screen; msg stays the service’s', async () => {
    const german = createText('de', await loadMessages('de'));
    const endpoint = getEndpoint('gen-ctx-max');
    const said = (body: Record<string, unknown>, field: string) => {
      const found = validateRequest(endpoint, { ...minimalValidBody(endpoint), ...body }).find((i) => i.loc[1] === field)!;
      return { msg: found.msg, en: issueText(found, ENGLISH_TEXT).text, de: issueText(found, german).text };
    };
    expect(said({ webhook_url: 'https://' }, 'webhook_url')).toEqual({ msg: 'Input should be a valid URL, empty host', en: 'Input should be a valid URL, empty host', de: 'In der Adresse fehlt der Servername.' });
    expect(said({ webhook_url: 'ftp://example.com/hook' }, 'webhook_url').de).toBe('Die Adresse muss mit http:// oder https:// beginnen.');
    expect(said({ output_format: 'gif' }, 'output_format')).toEqual({
      msg: "Input should be 'jpeg', 'png' or 'webp'",
      en: "Choose 'jpeg', 'png', or 'webp'.",
      de: "Wähle 'jpeg', 'png' oder 'webp'.",
    });
    const video = getEndpoint('gen-3-video');
    const keyframes = video.fields.find((f) => f.type === 'keyframes');
    expect(keyframes, 'a video model pins keyframes').toBeDefined();
    const many = Array.from({ length: 11 }, (_, i) => ({ image: 'a', time: i / 10 }));
    const count = validateRequest(video, { ...minimalValidBody(video), [keyframes!.name]: many }).find((i) => i.loc[1] === keyframes!.name && i.type === 'too_long')!;
    expect(count.msg).toBe('At most 10 keyframes can be pinned; this has 11.');
    expect(issueText(count, german).text).toBe('Höchstens 10 Keyframes können angeheftet werden; angeheftet: 11.');
  });
});
