import { escapeHtml } from './http-util';
import type { Repo } from './repo';

/**
 * Outgoing mail: written to the dev mailbox (the `mail` table), never sent anywhere.
 * The verification link points at the app: `{appUrl}/auth/verified-email?email=<email>&token=<token>`;
 * the app then calls POST /api/profile/verify-email.
 */
export function sendVerificationEmail(
  repo: Repo,
  appUrl: string,
  email: string,
): { id: number; link: string } {
  const token = repo.createVerification(email);
  const link = `${appUrl}/auth/verified-email?email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}`;
  const text = `Welcome!\n\nPlease verify your email address by opening this link:\n${link}\n\nIf you did not create an account, you can ignore this email.`;
  const html = `<p>Welcome!</p><p>Please verify your email address by clicking the link below.</p>
<p><a href="${escapeHtml(link)}">Verify my email address</a></p>
<p class="muted">Or copy this address into your browser: ${escapeHtml(link)}</p>
<p class="muted">If you did not create an account, you can ignore this email.</p>`;
  const id = repo.addMail({ to: email, subject: 'Verify your email address', text, html });
  return { id, link };
}
