import { escapeHtml } from './http-util';
import type { Repo } from './repo';

/** The identity provider's email verification ticket path (Auth0's is the same). */
export const VERIFICATION_TICKET_PATH = '/u/email-verification';

/**
 * Outgoing mail: written to the dev mailbox (the `mail` table), never sent anywhere.
 * The verification link is the identity provider's ticket, as with Auth0
 * (docs/decisions/080-per-user-browser-data.md): `{idpUrl}/u/email-verification?ticket=<token>`.
 * The provider marks the address verified, then sends the browser to the app's
 * `/auth/verified-email?email=<email>`; the app's verify call only records what the provider knows.
 */
export function sendVerificationEmail(
  repo: Repo,
  idpUrl: string,
  email: string,
): { id: number; link: string } {
  const token = repo.createVerification(email);
  const link = `${idpUrl}${VERIFICATION_TICKET_PATH}?ticket=${encodeURIComponent(token)}`;
  const text = `Welcome!\n\nPlease verify your email address by opening this link:\n${link}\n\nIf you did not create an account, you can ignore this email.`;
  const html = `<p>Welcome!</p><p>Please verify your email address by clicking the link below.</p>
<p><a href="${escapeHtml(link)}">Verify my email address</a></p>
<p class="muted">Or copy this address into your browser: ${escapeHtml(link)}</p>
<p class="muted">If you did not create an account, you can ignore this email.</p>`;
  const id = repo.addMail({ to: email, subject: 'Verify your email address', text, html });
  return { id, link };
}
