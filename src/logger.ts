import type { LogLevel } from '#machines/domain';

/**
 * The app's one logger. Its level comes from the app config's `loglevel` (default INFO).
 * This is the only module allowed to touch `console`.
 */
const order: Record<LogLevel, number> = { TRACE: 0, DEBUG: 1, INFO: 2, WARN: 3, ERROR: 4, SILENT: 5 };
let current: LogLevel = 'INFO';

export function setLogLevel(level: string | undefined | null): void {
  const upper = (level ?? '').toUpperCase();
  current = upper in order ? (upper as LogLevel) : 'INFO';
}

export function getLogLevel(): LogLevel {
  return current;
}

function enabled(level: LogLevel): boolean {
  return order[level] >= order[current] && current !== 'SILENT';
}

/* biome-ignore-start lint/suspicious/noConsole: the logger is the single console owner */
export const logger = {
  trace: (...args: unknown[]) => enabled('TRACE') && console.debug(...args),
  debug: (...args: unknown[]) => enabled('DEBUG') && console.debug(...args),
  info: (...args: unknown[]) => enabled('INFO') && console.info(...args),
  warn: (...args: unknown[]) => enabled('WARN') && console.warn(...args),
  error: (...args: unknown[]) => enabled('ERROR') && console.error(...args),
};
/* biome-ignore-end lint/suspicious/noConsole: the logger is the single console owner */
