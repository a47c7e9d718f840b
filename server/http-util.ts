import type { IncomingMessage, ServerResponse } from 'node:http';

/** Small helpers shared by the stack's HTTP handlers (no framework: node:http only). */

export const MAX_BODY_BYTES = 64 * 1024;

export class BodyError extends Error {
  constructor(
    readonly reason: 'too-large' | 'bad-json' | 'bad-content-type' | 'aborted',
    message: string,
  ) {
    super(message);
  }
}

/** Reads the raw body, refusing more than `limit` bytes (the rest of the upload is discarded). */
export function readRawBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? '0');
    if (declared > limit) {
      req.resume();
      reject(new BodyError('too-large', `Request body is larger than the ${limit} bytes allowed.`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        reject(new BodyError('too-large', `Request body is larger than the ${limit} bytes allowed.`));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on('error', () => {
      if (!failed) {
        failed = true;
        reject(new BodyError('aborted', 'The request was aborted.'));
      }
    });
  });
}

/**
 * Reads a JSON body. An empty body is `undefined`. Anything that is not JSON (by content type or by
 * parse) is a BodyError, which the API turns into a 400 problem-details answer.
 */
export async function readJsonBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<unknown> {
  const raw = await readRawBody(req, limit);
  if (raw.length === 0) return undefined;
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (!type.includes('json')) {
    throw new BodyError(
      'bad-content-type',
      'The request body must be JSON (Content-Type: application/json).',
    );
  }
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch (error) {
    throw new BodyError('bad-json', `The request body is not valid JSON: ${(error as Error).message}`);
  }
}

/** Reads an application/x-www-form-urlencoded body (the IdP's own forms). */
export async function readFormBody(req: IncomingMessage): Promise<URLSearchParams> {
  const raw = await readRawBody(req);
  return new URLSearchParams(raw.toString('utf8'));
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': headers['Content-Type'] ?? 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(text);
}

/**
 * The policy of the stack's own server-rendered pages (identity provider, mailbox, environments;
 * decision 080): no scripts, inline styles only, no forms, never framed.
 */
export const STRICT_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * An HTML answer. Unless the server already set a Content-Security-Policy on the response (the
 * identity provider does, for every answer), the strict page policy applies; a policy passed in
 * `headers` without `frame-ancestors` gets `frame-ancestors 'none'`. Never framed (X-Frame-Options).
 */
export function sendHtml(
  res: ServerResponse,
  status: number,
  html: string,
  headers: Record<string, string> = {},
): void {
  const given = headers['Content-Security-Policy'];
  const csp =
    given === undefined
      ? res.hasHeader('Content-Security-Policy')
        ? null
        : STRICT_PAGE_CSP
      : /frame-ancestors/.test(given)
        ? given
        : `${given}; frame-ancestors 'none'`;
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...(res.hasHeader('X-Frame-Options') ? {} : { 'X-Frame-Options': 'DENY' }),
    ...headers,
    ...(csp === null ? {} : { 'Content-Security-Policy': csp }),
  });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string, status = 302): void {
  res.writeHead(status, { Location: location, 'Content-Length': '0', 'Cache-Control': 'no-store' });
  res.end();
}

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"'`]/g, (c) => htmlEscapes[c] ?? c);
}

/** A minimal self-contained page (no external fonts or scripts). */
export function page(title: string, body: string, extraHead = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f4f6f8; color: #1c2833; }
  main { max-width: 30rem; margin: 3rem auto; background: #fff; padding: 2rem; border-radius: 12px;
    box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  main.wide { max-width: 60rem; }
  h1 { font-size: 1.4rem; margin-top: 0; }
  label { display: block; margin: .8rem 0 .3rem; font-weight: 600; }
  input[type=email], input[type=password], input[type=text] { width: 100%; box-sizing: border-box;
    padding: .6rem; border: 1px solid #b8c2cc; border-radius: 6px; font-size: 1rem; }
  button, .button { display: inline-block; margin-top: 1rem; padding: .6rem 1.2rem; border: 0; border-radius: 6px;
    background: #1f6feb; color: #fff; font-size: 1rem; cursor: pointer; text-decoration: none; }
  button.secondary { background: #e7ecf1; color: #1c2833; }
  .error { background: #fdecea; color: #8a1c13; padding: .6rem; border-radius: 6px; }
  .muted { color: #5d6d7e; font-size: .9rem; }
  table { border-collapse: collapse; width: 100%; }
  td, th { text-align: left; padding: .4rem; border-bottom: 1px solid #e5e8eb; vertical-align: top; }
  ul.accounts { list-style: none; padding: 0; }
  ul.accounts li { margin: .4rem 0; }
  code { background: #eef1f4; padding: 0 .25rem; border-radius: 4px; }
</style>
${extraHead}
</head>
<body><main${title.startsWith('Dev mailbox') ? ' class="wide"' : ''}>
${body}
</main></body>
</html>`;
}

/** Listens on host:port (0 = free port) and resolves with the port actually bound. */
export function listen(server: import('node:http').Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      const address = server.address();
      if (address && typeof address === 'object') resolve(address.port);
      else reject(new Error('Could not read the bound port'));
    });
  });
}

export function closeServer(server: import('node:http').Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
