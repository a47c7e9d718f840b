/**
 * The SignalR adapter. Loaded ONLY by dynamic `import()` after sign-in (src/realtime/actors.ts),
 * never in the first screen's bundle. Constants from spec §9 (machines/constants.ts).
 */
import {
  type HttpTransportType,
  type HubConnection,
  HubConnectionBuilder,
  type ILogger,
  type IRetryPolicy,
  LogLevel,
  type RetryContext,
} from '@microsoft/signalr';
import { realtime } from '#machines/constants';
import type { RealtimeLogger } from './logger';

/** Automatic reconnect: 0, 0, 2 s, 10 s, 30 s, then stop (null). */
export const reconnectPolicy: IRetryPolicy = {
  nextRetryDelayInMilliseconds(context: RetryContext): number | null {
    return realtime.reconnectDelays[context.previousRetryCount] ?? null;
  },
};

export interface HubConnectionOptions {
  url: string;
  accessTokenFactory: (() => Promise<string>) | undefined;
  logger: RealtimeLogger;
  /** Force a transport (tests); by default the client negotiates WebSockets → SSE → long polling. */
  transport?: HttpTransportType;
}

/** The client logs connection URLs, which carry the bearer token: never let a token reach a log. */
export function redactTokens(message: string): string {
  return message
    .replace(/(access_token=)[^&\s]+/gi, '$1[redacted]')
    .replace(/(Bearer\s+)[\w.~+/=-]+/gi, '$1[redacted]');
}

function signalrLogger(logger: RealtimeLogger): ILogger {
  return {
    log(level: LogLevel, raw: string) {
      const message = redactTokens(raw);
      // Connection errors are expected events here (the machine reports and retries them):
      // logged as warnings, so they never look like app crashes.
      if (level >= LogLevel.Warning) logger.warn('[realtime]', message);
      else if (level >= LogLevel.Information) logger.info('[realtime]', message);
      else logger.debug('[realtime]', message);
    },
  };
}

export function createHubConnection(options: HubConnectionOptions): HubConnection {
  const connection = new HubConnectionBuilder()
    .withUrl(options.url, {
      ...(options.accessTokenFactory ? { accessTokenFactory: options.accessTokenFactory } : {}),
      ...(options.transport === undefined ? {} : { transport: options.transport }),
      // HTTP timeout 100 s (negotiate, sends). The client's long-poll timeout is its own 100 s,
      // and its negotiate redirect limit its own 100 (spec §9 values).
      timeout: realtime.httpTimeout,
    })
    .withAutomaticReconnect(reconnectPolicy)
    .withServerTimeout(realtime.serverTimeout)
    .withKeepAliveInterval(realtime.keepAliveInterval)
    .configureLogging(signalrLogger(options.logger))
    .build();
  return connection;
}
