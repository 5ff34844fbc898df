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

const SECTIONS: ReadonlyArray<{ group: TaskGroup; title: string }> = [
  { group: 'attention', title: 'Needs you' },
  { group: 'active', title: 'In progress' },
  { group: 'waiting', title: 'Waiting' },
  { group: 'finished', title: 'Finished' },
];

/** Every task with its state, progress, cost and errors; cancel, retry and send from here. */
export function QueueScreen() {
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
          <h1>Queue</h1>
          <p className="muted">
            {counts.active} in progress · {counts.waiting} waiting · {counts.attention} need you · {counts.finished} finished
          </p>
        </div>
        <div className="queue-tools">
          {status?.state === 'offline' && (
            <span className="queue-offline" role="status">
              Offline: {status.message}
            </span>
          )}
          {counts.readyToSend > 0 && (
            <Button variant="primary" onClick={() => void send()}>
              Send all ready ({counts.readyToSend})
            </Button>
          )}
        </div>
      </header>
      {loaded && tasks.length === 0 && <p className="empty">Nothing in the queue. Generate something from the Start screen.</p>}
      {SECTIONS.map(({ group, title }) => {
        const inGroup = tasks.filter((t) => taskGroupOf(t) === group);
        if (inGroup.length === 0) return null;
        return (
          <section key={group} aria-labelledby={`queue-${group}`}>
            <h2 id={`queue-${group}`}>{title}</h2>
            <ul className="task-list" aria-label={title}>
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
