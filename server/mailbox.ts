import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml, page, sendHtml, sendJson } from './http-util';
import type { Repo } from './repo';

/**
 * The dev mailbox (its own port): `/` lists messages (filter with ?to=), `/messages/:id` shows one
 * with working links, `GET /api/messages?to=<email>` answers JSON (newest first),
 * `DELETE /api/messages` empties it.
 */
export function createMailbox(repo: Repo) {
  return function handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://mailbox.local');
    const to = url.searchParams.get('to');

    if (url.pathname === '/api/messages') {
      if (req.method === 'DELETE') {
        repo.clearMail();
        sendJson(res, 200, { deleted: true });
        return;
      }
      sendJson(res, 200, repo.listMail(to), { 'Access-Control-Allow-Origin': '*' });
      return;
    }

    const one = /^\/messages\/(\d+)$/.exec(url.pathname);
    if (one) {
      const mail = repo.getMail(Number(one[1]));
      if (!mail) {
        sendHtml(
          res,
          404,
          page('Dev mailbox — not found', '<h1>Message not found</h1><p><a href="/">All messages</a></p>'),
        );
        return;
      }
      sendHtml(
        res,
        200,
        page(
          `Dev mailbox — ${mail.subject}`,
          `<p><a href="/">← All messages</a></p>
<h1>${escapeHtml(mail.subject)}</h1>
<p class="muted">To ${escapeHtml(mail.to)} · ${escapeHtml(mail.createdAt)}</p>
<article>${mail.html}</article>`,
        ),
      );
      return;
    }

    if (url.pathname === '/') {
      const mails = repo.listMail(to);
      const rows = mails
        .map(
          (
            mail,
          ) => `<tr><td>${escapeHtml(mail.createdAt)}</td><td><a href="/?to=${encodeURIComponent(mail.to)}">${escapeHtml(mail.to)}</a></td>
<td><a href="/messages/${mail.id}">${escapeHtml(mail.subject)}</a></td></tr>`,
        )
        .join('\n');
      sendHtml(
        res,
        200,
        page(
          'Dev mailbox',
          `<h1>Dev mailbox${to ? ` for ${escapeHtml(to)}` : ''}</h1>
<p class="muted">Every email the local stack sends lands here. JSON: <code>/api/messages?to=&lt;email&gt;</code>.</p>
${to ? '<p><a href="/">Show all</a></p>' : ''}
${mails.length ? `<table><thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No messages.</p>'}`,
        ),
      );
      return;
    }
    sendHtml(
      res,
      404,
      page('Dev mailbox — not found', '<h1>Not found</h1><p><a href="/">All messages</a></p>'),
    );
  };
}
