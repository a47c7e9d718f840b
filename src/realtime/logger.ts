/** Where the live connection reports (the app's logger, or a test's). A module of its own: the
 * actors and the SignalR adapter they load both use it. */
export interface RealtimeLogger {
  debug(...args: unknown[]): unknown;
  info(...args: unknown[]): unknown;
  warn(...args: unknown[]): unknown;
  error(...args: unknown[]): unknown;
}
