import { useEffect, useMemo, useState } from 'react';
import { queuePositions } from '../../../../shared/tasks/queueOrder';
import { useShallow } from 'zustand/react/shallow';
import { useConnectionStore } from '../../store/connectionStore';
import { selectTaskCounts, selectTasksNewestFirst, taskGroupOf, type TaskGroup } from '../../store/selectors';
import { useTaskStore } from '../../store/taskStore';
import { TaskRow } from './TaskRow';
import '../../ui/ui.css';
import './queue.css';
import { Button } from '../../ui/Button';
import type { MessageId } from '../../../../shared/i18n/catalog';
import { useText } from '../../ui/i18n/textStore';

const SECTIONS: ReadonlyArray<{ group: TaskGroup; title: MessageId }> = [
  { group: 'attention', title: 'queue.attention' },
  { group: 'active', title: 'queue.active' },
  { group: 'waiting', title: 'queue.waiting' },
  { group: 'finished', title: 'queue.finished' },
];

/** Every task with its state, progress, cost and errors; cancel, retry and send from here. */
export function QueueScreen() {
  const { t } = useText();
  const tasks = useTaskStore(useShallow(selectTasksNewestFirst));
  const counts = useTaskStore(useShallow(selectTaskCounts));
  const positions = useMemo(() => queuePositions(tasks), [tasks]);
  const loaded = useTaskStore((s) => s.loaded);
  const send = useTaskStore((s) => s.send);
  const status = useConnectionStore((s) => s.status);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  return (
    <div className="screen queue">
      <header className="screen-header">
        <div>
          <h1>{t('screen.queue')}</h1>
          <p className="muted">{t('queue.counts', { active: counts.active, waiting: counts.waiting, attention: counts.attention, finished: counts.finished })}</p>
        </div>
        <div className="queue-tools">
          {status?.state === 'offline' && (
            <span className="queue-offline" role="status">
              {t('queue.offline', { message: status.message })}
            </span>
          )}
          {counts.readyToSend > 0 && (
            <Button variant="primary" onClick={() => void send()}>
              {t('queue.sendAll', { count: counts.readyToSend })}
            </Button>
          )}
        </div>
      </header>
      {loaded && tasks.length === 0 && <p className="empty">{t('queue.empty')}</p>}
      {SECTIONS.map(({ group, title }) => {
        const inGroup = tasks.filter((t) => taskGroupOf(t) === group);
        if (inGroup.length === 0) return null;
        return (
          <section key={group} aria-labelledby={`queue-${group}`}>
            <h2 id={`queue-${group}`}>{t(title)}</h2>
            <ul className="task-list" aria-label={t(title)}>
              {inGroup.map((t) => (
                <TaskRow key={t.id} task={t} position={positions.get(t.id) ?? null} now={now} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
