// @vitest-environment happy-dom
import { act, createRef } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TaskInfo } from '../../../../shared/ipc/contract';
import { useLibraryStore } from '../../store/libraryStore';
import { useTaskStore } from '../../store/taskStore';
import { useProjectStore } from '../canvas/project/projectStore';
import { libraryItem } from '../gallery/testing/libraryItem';
import { ResultsStrip } from './ResultsStrip';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Every call to main fails the test: the tile must come from what the renderer already holds.
const calls = vi.hoisted(() => [] as string[]);
vi.mock('../../api', () => ({
  gen: new Proxy(
    {},
    {
      get: (_, area: string) =>
        new Proxy({}, { get: (__, call: string) => (..._args: unknown[]) => (calls.push(`${area}.${call}`), new Promise(() => undefined)) }),
    },
  ),
}));
// The overlay draws the selected result over the canvas; no result is selected here.
vi.mock('./ResultOverlay', () => ({ ResultOverlay: () => null }));

const task = (patch: Partial<TaskInfo>): TaskInfo =>
  ({ id: 't1', endpointId: 'gen-dev', state: 'downloading', serviceStatus: 'Ready', progress: 1, detail: null, params: { prompt: 'a red boat' }, createdAt: 1, resultId: null, projectId: 'p1', origin: 'generate', moderationReasons: [], error: null, keyId: 'k1', cost: 1, settledCost: null, group: null, ...patch }) as TaskInfo;

afterEach(() => {
  document.body.innerHTML = '';
  calls.length = 0;
});

describe('the results strip', () => {
  it('shows a result’s tile from the library’s preview the moment main tells of it filed, asking main for nothing', () => {
    useProjectStore.setState({ currentId: 'p1' });
    useTaskStore.setState({ tasks: { t1: task({}) } });
    const container = document.createElement('div');
    document.body.append(container);
    act(() => createRoot(container).render(<ResultsStrip stage={createRef()} />));
    expect(container.querySelector('#result-t1 img')).toBeNull();

    // Main files the result (its preview written first) and tells of it before the task's own record is written.
    const item = libraryItem({ id: 't1', thumbnailUrl: 'gen-media://m/result-thumb/t1', mime: 'image/jpeg' });
    act(() => useLibraryStore.setState({ items: [item] }));
    const tile = container.querySelector('#result-t1');
    expect(tile?.className).toContain('status-ready');
    // The preview's own address, straight into the tile: no thumbnail queue, no request to main first.
    expect(tile?.querySelector('img')?.getAttribute('src')).toBe('gen-media://m/result-thumb/t1');
    expect(calls).toEqual([]);
  });
});
