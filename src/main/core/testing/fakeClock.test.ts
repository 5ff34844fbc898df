import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { advanceUntil, FakeClock } from './fakeClock';
import { tempDir } from './tempDir';

describe('advanceUntil', () => {
  it('does not move the clock on while a file is still being written', async () => {
    const dir = await tempDir('fake-clock');
    try {
      const clock = new FakeClock(0);
      let written = false;
      // 64 MB: a write that takes far longer than a step's pause for other I/O (a millisecond or two), on any machine.
      const writing = writeFile(join(dir.path, 'big.bin'), Buffer.alloc(64 * 1024 * 1024)).then(() => {
        written = true;
      });
      await advanceUntil(clock, () => written, { stepMs: 1000 });
      await writing;
      // A step or two (the write's last request may end just after a check), not one per millisecond the disk took.
      expect(clock.now()).toBeLessThanOrEqual(2000);
    } finally {
      await dir.remove();
    }
  });
});
