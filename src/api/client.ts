/**
 * The ONE API client (docs/architecture.md, the edge; spec §8): a fetch wrapper that takes a token getter, a base
 * URL and a timeout, and turns every failure into one typed `ApiError`. It knows nothing of UI or
 * navigation. Endpoints are declared once in `endpoints.ts`.
 *
 * Error bodies are read in the three shapes of spec §8:
 *   1. problem details  { type, title, status, detail, instance, errors }
 *   2. business result  { isSuccess: false, message }
 *   3. validation map   { "practice.businessName": ["..."], ... }
 * and unparseable text is used as the message. HTML bodies give a message derived from the status.
 */

/**
 * Message descriptors for the messages the client makes up itself (formatted by the UI). The
 * en-AU text is a string in the source; in the browser build it is its precompiled ICU syntax
 * tree and the description is dropped (docs/decisions/181-boot-chunks-from-the-module-graph.md): read it as plain text
 * through `messageText`.
 */
export interface ClientMessage {
  id: string;
  defaultMessage: string;
  description: string;
}

const defineMessages = <T extends Record<string, ClientMessage>>(messages: T): T => messages;

/**
 * The plain en-AU text of a message without arguments (an error's `message`, for logs and for
 * callers that show no descriptor): the string, or the literal parts of its syntax tree.
 */
export function messageText(descriptor: ClientMessage): string {
  const text: unknown = descriptor.defaultMessage;
  if (typeof text === 'string') return text;
  if (!Array.isArray(text)) return '';
  return text
    .map((part: { type?: unknown; value?: unknown }) =>
      part.type === 0 && typeof part.value === 'string' ? part.value : '',
    )
    .join('');
}

export const apiMessages = defineMessages({
  timeout: {
    id: 'api.error.timeout',
    defaultMessage: 'Request timed out, please try again',
    description: 'Error: a request timed out (also for 408/504 HTML error pages)',
  },
  default: {
    id: 'api.error.default',
    defaultMessage: 'An error occurred, please try again',
    description: 'Default form error when a request failed without a usable message',
  },
  unknown: {
    id: 'api.error.unknown',
    defaultMessage: 'Unknown',
    description: 'Error: an HTML error page with a status that has no name',
  },
});

export type ApiErrorCode = 'FETCH_ERROR' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'HTTP_ERROR' | 'CUSTOM_ERROR';

/** Client-side status of each client-side code (spec §8); HTTP_ERROR keeps the response status. */
export const clientStatus = {
  FETCH_ERROR: 424,
  PARSING_ERROR: 415,
  TIMEOUT_ERROR: 408,
  CUSTOM_ERROR: 500,
} as const;

export interface ProblemDetails {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  instance?: string;
  errors?: Record<string, string[] | string>;
}

export interface ApiErrorInit {
  status: number;
  code: ApiErrorCode;
  message: string;
  fieldErrors?: Record<string, string[]>;
  body?: unknown;
  /** Set when `message` is one the client made up (so the UI can format it in the user's locale). */
  messageDescriptor?: ClientMessage;
  /** Seconds the server asked to wait (`Retry-After` of a 429 or 503), when it said. */
  retryAfterSeconds?: number | null;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fieldErrors: Record<string, string[]>;
  readonly body: unknown;
  readonly messageDescriptor: ClientMessage | undefined;
  readonly retryAfterSeconds: number | null;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fieldErrors = init.fieldErrors ?? {};
    this.body = init.body;
    this.messageDescriptor = init.messageDescriptor;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }
}

/** A `Retry-After` header in seconds (the delay form; an HTTP date counts from now); null if absent or unreadable. */
export function retryAfterSecondsOf(header: string | null, now: number = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Reason phrases of the statuses an API or proxy plausibly answers with (title-cased). */
const statusNames: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  407: 'Proxy Authentication Required',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  417: 'Expectation Failed',
  418: "I'm A Teapot",
  421: 'Misdirected Request',
  422: 'Unprocessable Entity',
  423: 'Locked',
  424: 'Failed Dependency',
  425: 'Too Early',
  426: 'Upgrade Required',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  505: 'HTTP Version Not Supported',
  506: 'Variant Also Negotiates',
  507: 'Insufficient Storage',
  508: 'Loop Detected',
  510: 'Not Extended',
  511: 'Network Authentication Required',
};

/** The message of an HTML error body (spec §8): timeouts, else the title-cased status name, else 'Unknown'. */
export function htmlErrorMessage(status: number): { message: string; descriptor?: ClientMessage } {
  if (status === 408 || status === 504) {
    return { message: messageText(apiMessages.timeout), descriptor: apiMessages.timeout };
  }
  const name = statusNames[status];
  return name
    ? { message: name }
    : { message: messageText(apiMessages.unknown), descriptor: apiMessages.unknown };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toMessages(value: unknown): string[] | null {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value as string[];
  return null;
}

/** A validation map: every value is a string or a list of strings (and there is at least one). */
function asValidationMap(value: unknown): Record<string, string[]> | null {
  if (!isRecord(value)) return null;
  const entries = Object.entries(value);
  if (entries.length === 0) return null;
  const map: Record<string, string[]> = {};
  for (const [key, v] of entries) {
    const messages = toMessages(v);
    if (!messages) return null;
    map[key] = messages;
  }
  return map;
}

function isProblemDetails(value: Record<string, unknown>): boolean {
  return (
    ('title' in value || 'detail' in value || 'errors' in value || 'type' in value || 'instance' in value) &&
    !('isSuccess' in value)
  );
}

function looksLikeHtml(text: string, contentType: string | null): boolean {
  return (contentType ?? '').includes('text/html') || /^\s*<(?:!doctype|html|head|body|\?xml)/i.test(text);
}

export interface ParsedErrorBody {
  message: string;
  fieldErrors: Record<string, string[]>;
  body: unknown;
  descriptor?: ClientMessage;
}

/** Reads an error response body in any of the spec's shapes (exported for tests and the stack's tools). */
export function parseErrorBody(status: number, text: string, contentType: string | null): ParsedErrorBody {
  if (looksLikeHtml(text, contentType)) {
    const { message, descriptor } = htmlErrorMessage(status);
    return descriptor
      ? { message, fieldErrors: {}, body: text, descriptor }
      : { message, fieldErrors: {}, body: text };
  }
  let json: unknown;
  try {
    json = text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (json === undefined) {
    const trimmed = text.trim();
    if (trimmed !== '') return { message: trimmed, fieldErrors: {}, body: text };
    const { message, descriptor } = htmlErrorMessage(status);
    return descriptor
      ? { message, fieldErrors: {}, body: text, descriptor }
      : { message, fieldErrors: {}, body: text };
  }
  if (isRecord(json)) {
    if (
      'isSuccess' in json &&
      (typeof json.message === 'string' || json.message === undefined || json.message === null)
    ) {
      const message = typeof json.message === 'string' && json.message !== '' ? json.message : null;
      const fieldErrors = asValidationMap(json.errors) ?? {};
      return message
        ? { message, fieldErrors, body: json }
        : {
            message: messageText(apiMessages.default),
            fieldErrors,
            body: json,
            descriptor: apiMessages.default,
          };
    }
    if (isProblemDetails(json)) {
      const fieldErrors = asValidationMap(json.errors) ?? {};
      const message =
        typeof json.detail === 'string' && json.detail !== ''
          ? json.detail
          : typeof json.title === 'string' && json.title !== ''
            ? json.title
            : null;
      return message
        ? { message, fieldErrors, body: json }
        : {
            message: messageText(apiMessages.default),
            fieldErrors,
            body: json,
            descriptor: apiMessages.default,
          };
    }
    const map = asValidationMap(json);
    if (map) {
      const first = Object.values(map).flat()[0] ?? messageText(apiMessages.default);
      // A lone `message` names no field, and a server failure (5xx) is never about what was typed:
      // both are a message, not field errors (the form would show a server fault as invalid input).
      const isLoneMessage = Object.keys(map).length === 1 && 'message' in map;
      if (status >= 500 || isLoneMessage) return { message: first, fieldErrors: {}, body: json };
      return { message: first, fieldErrors: map, body: json };
    }
  }
  if (typeof json === 'string' && json !== '') return { message: json, fieldErrors: {}, body: json };
  return {
    message: messageText(apiMessages.default),
    fieldErrors: {},
    body: json,
    descriptor: apiMessages.default,
  };
}

export type TokenGetter = () => Promise<string | undefined>;

export interface ApiClientOptions {
  /** Origin (and optional path prefix) the request paths are appended to; '' for the page's origin. */
  baseUrl: string;
  /** Bearer token source for authenticated calls; returning undefined sends no Authorization header. */
  getToken?: TokenGetter;
  /** Milliseconds before a request is aborted with TIMEOUT_ERROR (default 100 000, spec §9 HTTP timeout). */
  timeoutMs?: number;
  /** The fetch to use (tests pass a fake). Defaults to the global fetch. */
  fetch?: typeof fetch;
}

export type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body. */
  body?: unknown;
  query?: Query;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** Per-call timeout override. */
  timeoutMs?: number;
  /** Caller's cancellation: aborting it rejects with the signal's reason, not an ApiError. */
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  readonly baseUrl: string;
}

export const defaultTimeoutMs = 100_000;

function buildUrl(baseUrl: string, path: string, query?: Query): string {
  const base = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  return `${base}${path}${qs ? (path.includes('?') ? '&' : '?') + qs : ''}`;
}

class TimeoutSignal extends Error {
  constructor() {
    super('timeout');
    this.name = 'TimeoutSignal';
  }
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const baseTimeout = options.timeoutMs ?? defaultTimeoutMs;

  async function request<T>(path: string, req: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', ...req.headers };
    if (req.body !== undefined) headers['Content-Type'] = 'application/json';
    if (req.auth !== false && options.getToken) {
      // A failing token getter (e.g. login_required) is the session's business: it propagates as is.
      const token = await options.getToken();
      if (token) headers.Authorization = `Bearer ${token}`;
    }

    const controller = new AbortController();
    const timeoutMs = req.timeoutMs ?? baseTimeout;
    const timer = setTimeout(() => controller.abort(new TimeoutSignal()), timeoutMs);
    const onCallerAbort = () => controller.abort(req.signal?.reason);
    if (req.signal) {
      if (req.signal.aborted) onCallerAbort();
      else req.signal.addEventListener('abort', onCallerAbort, { once: true });
    }

    const timedOut = () =>
      new ApiError({
        status: clientStatus.TIMEOUT_ERROR,
        code: 'TIMEOUT_ERROR',
        message: messageText(apiMessages.timeout),
        messageDescriptor: apiMessages.timeout,
      });
    const failure = (error: unknown): never => {
      if (controller.signal.reason instanceof TimeoutSignal) throw timedOut();
      if (req.signal?.aborted) throw req.signal.reason;
      throw new ApiError({
        status: clientStatus.FETCH_ERROR,
        code: 'FETCH_ERROR',
        message: messageText(apiMessages.default),
        messageDescriptor: apiMessages.default,
        cause: error,
      });
    };

    try {
      if (req.signal?.aborted) throw req.signal.reason;
      let response: Response;
      try {
        response = await doFetch(buildUrl(options.baseUrl, path, req.query), {
          method: req.method ?? (req.body === undefined ? 'GET' : 'POST'),
          headers,
          body: req.body === undefined ? undefined : JSON.stringify(req.body),
          signal: controller.signal,
        });
      } catch (error) {
        return failure(error);
      }

      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        return failure(error);
      }

      if (!response.ok) {
        const parsed = parseErrorBody(response.status, text, response.headers.get('content-type'));
        throw new ApiError({
          status: response.status,
          code: 'HTTP_ERROR',
          message: parsed.message,
          fieldErrors: parsed.fieldErrors,
          body: parsed.body,
          retryAfterSeconds: retryAfterSecondsOf(response.headers.get('retry-after')),
          ...(parsed.descriptor ? { messageDescriptor: parsed.descriptor } : {}),
        });
      }

      if (text.trim() === '') return undefined as T;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (error) {
        throw new ApiError({
          status: clientStatus.PARSING_ERROR,
          code: 'PARSING_ERROR',
          message: messageText(apiMessages.default),
          messageDescriptor: apiMessages.default,
          body: text,
          cause: error,
        });
      }
      // A successful status carrying a business failure ({ isSuccess: false, message }).
      if (isRecord(json) && json.isSuccess === false) {
        const parsed = parseErrorBody(response.status, text, 'application/json');
        throw new ApiError({
          status: clientStatus.CUSTOM_ERROR,
          code: 'CUSTOM_ERROR',
          message: parsed.message,
          fieldErrors: parsed.fieldErrors,
          body: json,
          ...(parsed.descriptor ? { messageDescriptor: parsed.descriptor } : {}),
        });
      }
      return json as T;
    } finally {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  return { request, baseUrl: options.baseUrl };
}
