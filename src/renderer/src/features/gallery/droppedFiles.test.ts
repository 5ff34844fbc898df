// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { readDroppedFile, useDroppedStore } from './droppedFiles';

describe('readDroppedFile', () => {
  it('refuses a file over 512 MB with a message, without reading it', async () => {
    let read = false;
    const huge = {
      name: 'long take.mp4',
      size: 600 * 1024 ** 2,
      arrayBuffer: () => {
        read = true;
        return Promise.resolve(new ArrayBuffer(0));
      },
    } as unknown as File;
    await readDroppedFile(huge);
    expect(read).toBe(false);
    expect(useDroppedStore.getState()).toMatchObject({ dropped: null, problem: 'long take.mp4 is over 512 MB; Gen Studio reads parameters from smaller files only.' });
  });
});
