/**
 * The ASP.NET Core SignalR JSON hub protocol, as published in dotnet/aspnetcore
 * (src/SignalR/docs/specs/HubProtocol.md): text records terminated by the 0x1E record separator,
 * a handshake request/response, then typed messages. Only what this hub needs is modelled.
 */

export const RECORD_SEPARATOR = '\u001e';

/** Hub message types (HubProtocol.md, "Message Types"). */
export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

export interface HandshakeRequest {
  protocol: string;
  version: number;
}

export interface HubMessage {
  type: number;
  invocationId?: string;
  target?: string;
  arguments?: unknown[];
  error?: string;
  allowReconnect?: boolean;
}

/** Splits a text stream into complete records; the remainder is kept for the next chunk. */
export class RecordReader {
  private pending = '';

  push(chunk: string): string[] {
    this.pending += chunk;
    const parts = this.pending.split(RECORD_SEPARATOR);
    this.pending = parts.pop() ?? '';
    return parts;
  }
}

export function frame(value: unknown): string {
  return JSON.stringify(value) + RECORD_SEPARATOR;
}

export function parseHandshake(record: string): HandshakeRequest | null {
  try {
    const value: unknown = JSON.parse(record);
    if (typeof value !== 'object' || value === null) return null;
    const { protocol, version } = value as Record<string, unknown>;
    if (typeof protocol !== 'string' || typeof version !== 'number') return null;
    return { protocol, version };
  } catch {
    return null;
  }
}

export function parseMessage(record: string): HubMessage | null {
  try {
    const value: unknown = JSON.parse(record);
    if (typeof value !== 'object' || value === null) return null;
    const type = (value as Record<string, unknown>).type;
    if (typeof type !== 'number') return null;
    return value as HubMessage;
  } catch {
    return null;
  }
}

export const handshakeOk = frame({});
export const pingFrame = frame({ type: MessageType.Ping });

export function handshakeError(error: string): string {
  return frame({ error });
}

export function invocationFrame(target: string, args: unknown[]): string {
  return frame({ type: MessageType.Invocation, target, arguments: args });
}

export function closeFrame(error: string | undefined, allowReconnect: boolean): string {
  return frame(
    error === undefined
      ? { type: MessageType.Close, allowReconnect }
      : { type: MessageType.Close, error, allowReconnect },
  );
}

export function completionErrorFrame(invocationId: string, error: string): string {
  return frame({ type: MessageType.Completion, invocationId, error });
}
