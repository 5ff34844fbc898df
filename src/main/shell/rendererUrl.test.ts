import { describe, expect, it } from 'vitest';
import { devServerUrl } from './rendererUrl';

const APP = 'app://gen-studio/index.html';

describe('the dev server address under electron-vite dev', () => {
  it('is taken only when it is on this computer over http', () => {
    expect(devServerUrl({ ELECTRON_RENDERER_URL: 'http://localhost:5173' }, APP)).toBe('http://localhost:5173/');
    expect(devServerUrl({ ELECTRON_RENDERER_URL: 'http://127.0.0.1:5174/' }, APP)).toBe('http://127.0.0.1:5174/');
    expect(devServerUrl({}, APP)).toBe(APP);
    for (const elsewhere of ['https://evil.example.com/', 'http://evil.example.com:5173/', 'file:///tmp/x.html', 'http://u:p@localhost:5173/', 'nonsense']) {
      expect(devServerUrl({ ELECTRON_RENDERER_URL: elsewhere }, APP), elsewhere).toBe(APP);
    }
  });
});
