import type { Logger } from './deps';

export const consoleLogger: Logger = {
  info: (message, data) => console.log(`[gen-studio] ${message}`, data ?? ''),
  warn: (message, data) => console.warn(`[gen-studio] ${message}`, data ?? ''),
  error: (message, data) => console.error(`[gen-studio] ${message}`, data ?? ''),
};

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
