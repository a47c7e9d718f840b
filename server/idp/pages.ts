import type { ProviderCode } from '#machines/domain';
import { escapeHtml, page } from '../http-util';
import type { UserRecord } from '../repo/accounts';

/** Server-rendered login pages of the local identity provider (no external fonts or scripts). */

export const connectionNames: Record<ProviderCode, string> = {
  auth0: 'Email',
  waad: 'Microsoft (work or school)',
  windowslive: 'Microsoft',
  apple: 'Apple',
  'google-oauth2': 'Google',
};

const errorBox = (error: string | null) =>
  error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';

const banner = '<p class="muted">Local identity provider (development stand-in)</p>';

export function emailLoginPage(input: {
  uid: string;
  email: string;
  error: string | null;
  clientName: string;
}) {
  return page(
    'Log in',
    `${banner}
<h1>Log in to ${escapeHtml(input.clientName)}</h1>
${errorBox(input.error)}
<form method="post" action="/interaction/${escapeHtml(input.uid)}/login" autocomplete="on">
  <label for="email">Email address</label>
  <input id="email" name="email" type="email" required autocomplete="username" value="${escapeHtml(input.email)}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" required autocomplete="current-password">
  <button type="submit">Continue</button>
</form>
<p>Don't have an account? <a href="/interaction/${escapeHtml(input.uid)}?screen=signup">Sign up</a></p>
<p><a href="/interaction/${escapeHtml(input.uid)}/abort">Cancel</a></p>`,
  );
}

export function emailSignupPage(input: {
  uid: string;
  email: string;
  name: string;
  error: string | null;
  clientName: string;
}) {
  return page(
    'Sign up',
    `${banner}
<h1>Create your ${escapeHtml(input.clientName)} account</h1>
${errorBox(input.error)}
<form method="post" action="/interaction/${escapeHtml(input.uid)}/signup" autocomplete="on">
  <label for="email">Email address</label>
  <input id="email" name="email" type="email" required autocomplete="username" value="${escapeHtml(input.email)}">
  <label for="name">Full name (optional)</label>
  <input id="name" name="name" type="text" autocomplete="name" value="${escapeHtml(input.name)}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" required autocomplete="new-password" aria-describedby="password-rule">
  <p id="password-rule" class="muted">At least 8 characters with 1 lowercase, 1 uppercase, 1 number and 1 symbol.</p>
  <button type="submit">Sign up</button>
</form>
<p>Already have an account? <a href="/interaction/${escapeHtml(input.uid)}?screen=login">Log in</a></p>
<p><a href="/interaction/${escapeHtml(input.uid)}/abort">Cancel</a></p>`,
  );
}

export function socialPage(input: {
  uid: string;
  connection: ProviderCode;
  accounts: UserRecord[];
  email: string;
  error: string | null;
}) {
  const name = connectionNames[input.connection];
  const accounts = input.accounts
    .map(
      (account) => `<li><form method="post" action="/interaction/${escapeHtml(input.uid)}/social">
  <input type="hidden" name="connection" value="${escapeHtml(input.connection)}">
  <input type="hidden" name="sub" value="${escapeHtml(account.sub)}">
  <button type="submit" class="secondary">${escapeHtml(account.name ?? account.email)} &lt;${escapeHtml(account.email)}&gt;</button>
</form></li>`,
    )
    .join('\n');
  return page(
    `Sign in with ${name}`,
    `${banner}
<h1>Sign in with ${escapeHtml(name)}</h1>
<p class="muted">Simulated ${escapeHtml(name)} accounts: addresses arrive verified.</p>
${errorBox(input.error)}
${accounts ? `<h2>Choose an account</h2><ul class="accounts">${accounts}</ul><h2>Or use another account</h2>` : ''}
<form method="post" action="/interaction/${escapeHtml(input.uid)}/social">
  <input type="hidden" name="connection" value="${escapeHtml(input.connection)}">
  <label for="email">Email address</label>
  <input id="email" name="email" type="email" required value="${escapeHtml(input.email)}">
  <label for="name">Full name</label>
  <input id="name" name="name" type="text" autocomplete="name">
  <button type="submit">Continue</button>
</form>
<p><a href="/interaction/${escapeHtml(input.uid)}/abort">Cancel</a></p>`,
  );
}

export function errorPage(title: string, message: string) {
  return page(
    title,
    `${banner}<h1>${escapeHtml(title)}</h1><p class="error" role="alert">${escapeHtml(message)}</p>`,
  );
}
