import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RegionKey } from '#machines/domain';
import { escapeHtml, page, sendHtml } from './http-util';
import type { Repo } from './repo';

/**
 * A regional environment (AU or UK, each on its own port): one page naming the region, the
 * practice (from `/practice/<key>` or `?practiceKey=`) and the full path and query it was opened
 * with. Everything echoed is HTML-escaped.
 */
export function createEnvironment(region: RegionKey, repo: Repo) {
  const label = region.toUpperCase();
  return function handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://environment.local');
    const fromPath = /^\/practice\/([^/]+)/.exec(url.pathname)?.[1];
    let key: string | null = url.searchParams.get('practiceKey');
    if (fromPath) {
      try {
        key = decodeURIComponent(fromPath);
      } catch {
        key = fromPath;
      }
    }
    const practice = key ? repo.getPractice(key) : null;
    const practiceHtml = practice
      ? `<p>Practice: <strong data-testid="practice-name">${escapeHtml(practice.name)}</strong> (<code data-testid="practice-key">${escapeHtml(practice.practiceKey)}</code>)${
          practice.environment !== region
            ? ` <span class="error">belongs to the ${escapeHtml(practice.environment.toUpperCase())} environment</span>`
            : ''
        }</p>`
      : key
        ? `<p>Practice: <span class="error">unknown practice <code>${escapeHtml(key)}</code></span></p>`
        : '<p>No practice in the address.</p>';
    sendHtml(
      res,
      200,
      page(
        `${label} environment`,
        `<h1 data-testid="environment">${label} environment</h1>
${practiceHtml}
<p>Opened with: <code data-testid="opened-with">${escapeHtml(req.url ?? '/')}</code></p>
<p class="muted">Stand-in for the ${label} regional portal of the local stack.</p>`,
      ),
      { 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:" },
    );
  };
}
