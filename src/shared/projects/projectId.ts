import { z } from 'zod';

/**
 * A project's id: the one schema for it everywhere, in the IPC contract (what a task may carry) and in every file
 * (task records, sidecars, projects), so nothing accepted at the door is set aside when it is read back (issue 23).
 */
export const ProjectIdSchema = z.string().regex(/^[a-z0-9-]{8,64}$/);
