/**
 * A task's own id (a UUID when the app makes it). It names the task's record file and its result's files, so a
 * record read from disk must carry one that matches this and its file name, or it is set aside.
 */
export const TASK_ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;
