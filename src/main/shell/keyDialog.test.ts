import { describe, expect, it, vi } from 'vitest';
import type { KeyDestinationQuestion } from '../core/connections/keyDestinationQuestion';

const showMessageBox = vi.fn(async (..._args: unknown[]) => ({ response: 0, checkboxChecked: false }));
vi.mock('electron', () => ({ dialog: { showMessageBox } }));

const { askKeyDestination } = await import('./keyDialog');

const question: KeyDestinationQuestion = {
  reason: 'address-changed',
  keyLabel: 'Studio',
  connectionLabel: 'Service',
  hosts: ['api.elsewhere.example.org'],
  knownHosts: ['api.example.com'],
};

describe('the main-process dialog that lets a key go to a new host', () => {
  it('names the new host, defaults to not sending, and says yes only for the send button', async () => {
    const window = { isDestroyed: () => false };
    showMessageBox.mockResolvedValueOnce({ response: 0, checkboxChecked: false });
    expect(await askKeyDestination(window as never, question)).toBe(false);
    const [parent, options] = showMessageBox.mock.calls[0] as [unknown, { message: string; buttons: string[]; defaultId: number; cancelId: number }];
    expect(parent).toBe(window);
    expect(options.message).toContain('api.elsewhere.example.org');
    expect(options.buttons).toEqual(['Don’t send', 'Send key to api.elsewhere.example.org']);
    expect(options).toMatchObject({ defaultId: 0, cancelId: 0 });

    showMessageBox.mockResolvedValueOnce({ response: 1, checkboxChecked: false });
    expect(await askKeyDestination(window as never, question)).toBe(true);
    // Without a window (at start-up, before it opens) the box is shown on its own.
    showMessageBox.mockResolvedValueOnce({ response: 1, checkboxChecked: false });
    expect(await askKeyDestination(undefined, question)).toBe(true);
    expect(typeof showMessageBox.mock.calls[2]![0]).toBe('object');
    expect(showMessageBox.mock.calls[2]).toHaveLength(1);
  });
});
