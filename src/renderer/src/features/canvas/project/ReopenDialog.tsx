import { useEffect, useId, useRef } from 'react';
import { create } from 'zustand';
import type { OpenedProjectFile } from '../../../../../shared/ipc/contract';
import { gen } from '../../../api';
import { Button } from '../../../ui/Button';
import { useCanvasStore } from '../canvasStore';
import { openProject } from './projectSync';

/** A project file whose project is in the list already, waiting for the artist's choice. */
export const useReopenStore = create<{ readonly asked: OpenedProjectFile | null }>(() => ({ asked: null }));

const say = (kind: 'error' | 'info', text: string) => useCanvasStore.getState().say({ kind, text });

async function switchTo(asked: OpenedProjectFile): Promise<void> {
  useReopenStore.setState({ asked: null });
  if (await openProject(asked.project.id)) say('info', `“${asked.project.name}” is open: it was already among your projects.`);
}

async function openCopy(asked: OpenedProjectFile): Promise<void> {
  useReopenStore.setState({ asked: null });
  const result = await gen.projects.openCopy({ token: asked.alreadyOpen ?? '' });
  if (!result.ok) return say('error', result.error.message);
  if (await openProject(result.value.project.id)) say('info', result.value.notice ?? `Opened “${result.value.project.name}”.`);
}

/** Asks, when a project file is opened again, whether to switch to the project already listed or open a copy. */
export function ReopenDialog() {
  const asked = useReopenStore((s) => s.asked);
  const id = useId();
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!asked) return;
    first.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') useReopenStore.setState({ asked: null });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [asked]);
  if (!asked) return null;
  const name = asked.project.name;
  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="alertdialog" aria-modal="true" aria-labelledby={`${id}-title`} aria-describedby={`${id}-message`}>
        <h2 id={`${id}-title`}>“{name}” is already open in Gen Studio</h2>
        <p id={`${id}-message`}>This file holds a project that is among your projects. Switch to the one you have, or open the file as a separate copy named “{name} (copy)”.</p>
        <div className="dialog-actions">
          <Button onClick={() => useReopenStore.setState({ asked: null })}>Cancel</Button>
          <Button onClick={() => void openCopy(asked)}>Open a copy</Button>
          <Button ref={first} variant="primary" onClick={() => void switchTo(asked)}>
            Switch to it
          </Button>
        </div>
      </div>
    </div>
  );
}
