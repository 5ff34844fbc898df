import { useEffect, useId, useRef } from 'react';
import { create } from 'zustand';
import type { OpenedProjectFile } from '../../../../../shared/ipc/contract';
import { gen } from '../../../api';
import { Button } from '../../../ui/Button';
import { useCanvasStore } from '../canvasStore';
import { openProject } from './projectSync';
import { useText } from '../../../ui/i18n/textStore';
import { saying, toldSaying, type Saying } from '../../../ui/i18n/saying';

/** A project file whose project is in the list already, waiting for the artist's choice. */
export const useReopenStore = create<{ readonly asked: OpenedProjectFile | null }>(() => ({ asked: null }));

const say = (kind: 'error' | 'info', text: Saying) => useCanvasStore.getState().say({ kind, text });

/** How a project file was added, in the language on screen: main's notice when it gave one (a separate copy), else `plain`. */
export const openedSaying = (opened: Pick<OpenedProjectFile, 'notice' | 'noticeWords'>, plain: Saying): Saying =>
  opened.notice === null ? plain : toldSaying({ message: opened.notice, words: opened.noticeWords });

async function switchTo(asked: OpenedProjectFile): Promise<void> {
  useReopenStore.setState({ asked: null });
  if (await openProject(asked.project.id)) say('info', saying('canvas.reopen.switched', { name: asked.project.name }));
}

async function openCopy(asked: OpenedProjectFile): Promise<void> {
  useReopenStore.setState({ asked: null });
  const result = await gen.projects.openCopy({ token: asked.alreadyOpen ?? '' });
  if (!result.ok) return say('error', toldSaying(result.error));
  if (await openProject(result.value.project.id)) say('info', openedSaying(result.value, saying('canvas.reopen.opened', { name: result.value.project.name })));
}

/** Asks, when a project file is opened again, whether to switch to the project already listed or open a copy. */
export function ReopenDialog() {
  const { t } = useText();
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
        <h2 id={`${id}-title`}>{t('canvas.reopen.title', { name })}</h2>
        <p id={`${id}-message`}>{t('canvas.reopen.message', { name })}</p>
        <div className="dialog-actions">
          <Button onClick={() => useReopenStore.setState({ asked: null })}>{t('canvas.cancel')}</Button>
          <Button onClick={() => void openCopy(asked)}>{t('canvas.reopen.copy')}</Button>
          <Button ref={first} variant="primary" onClick={() => void switchTo(asked)}>
            {t('canvas.reopen.switch')}
          </Button>
        </div>
      </div>
    </div>
  );
}
