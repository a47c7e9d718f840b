import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PASSWORD, seedAccounts } from '../../server/seed';
import { startTestStack, type TestStack, uniqueEmail } from '../support/stack';
import { authorizeUrl, autoSubmitForm, Browser, pkce } from './browser';

/** The identity provider as the Auth0 SPA SDK sees it. */

let stack: TestStack;
const extraOrigin = 'http://127.0.0.1:9999';
beforeAll(async () => {
  stack = await startTestStack({ extraAppOrigins: [extraOrigin] });
});
afterAll(async () => {
  await stack.dispose();
});

const redirectUri = () => `${stack.appUrl}/auth/redirect`;

/** Runs the code flow in `browser` up to the interaction page; returns its URL. */
async function startLogin(browser: Browser, extra: Record<string, string> = {}) {
  const { verifier, challenge } = pkce();
  const start = await browser.go(
    authorizeUrl(stack.idpUrl, {
      clientId: stack.clientId,
      redirectUri: redirectUri(),
      audience: stack.audience,
      challenge,
      extra,
    }),
  );
  expect(start.status).toBe(303);
  expect(start.location).toMatch(/\/interaction\//);
  return { interaction: start.location ?? '', verifier };
}

/** Follows redirects from `location` until the app's redirect URI; returns the code. */
async function followToApp(browser: Browser, location: string | null) {
  let next = location;
  for (let hops = 0; next && !next.startsWith(redirectUri()) && hops < 8; hops += 1) {
    const answer = await browser.go(next);
    const form = answer.status === 200 ? autoSubmitForm(answer.text) : null;
    next = form ? (await browser.go(form.action, { form: form.fields })).location : answer.location;
  }
  expect(next).toBeTruthy();
  const back = new URL(next ?? '');
  return back.searchParams.get('code') ?? '';
}

async function exchange(code: string, verifier: string) {
  const response = await fetch(`${stack.idpUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: stack.clientId,
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri(),
    }).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

describe('discovery and keys', () => {
  it('is Auth0-shaped: issuer with a trailing slash, /authorize, /oauth/token, /.well-known/jwks.json, S256', async () => {
    const config = (await (await fetch(`${stack.idpUrl}/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >;
    expect(config.issuer).toBe(`${stack.idpUrl}/`);
    expect(config.authorization_endpoint).toBe(`${stack.idpUrl}/authorize`);
    expect(config.token_endpoint).toBe(`${stack.idpUrl}/oauth/token`);
    expect(config.jwks_uri).toBe(`${stack.idpUrl}/.well-known/jwks.json`);
    expect(config.userinfo_endpoint).toBe(`${stack.idpUrl}/userinfo`);
    expect(config.code_challenge_methods_supported).toEqual(['S256']);
    expect(config.response_modes_supported).toEqual(expect.arrayContaining(['query', 'web_message']));
    const jwks = (await (await fetch(`${stack.idpUrl}/.well-known/jwks.json`)).json()) as {
      keys: Record<string, string>[];
    };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]?.d).toBeUndefined();
  });
});

describe('authorization code flow with PKCE', () => {
  it('logs a seeded user in and issues RS256 ID and JWT access tokens with the profile claims', async () => {
    const tokens = await stack.loginWithPassword(seedAccounts.verified.email, SEED_PASSWORD);
    expect(decodeProtectedHeader(tokens.id_token).alg).toBe('RS256');
    const id = decodeJwt(tokens.id_token);
    expect(id).toMatchObject({
      iss: `${stack.idpUrl}/`,
      aud: stack.clientId,
      sub: seedAccounts.verified.sub,
      email: seedAccounts.verified.email,
      email_verified: true,
      name: 'Olivia Nguyen',
      nickname: 'olivia.nguyen',
      given_name: 'Olivia',
      family_name: 'Nguyen',
      phone_number: '0412 345 678',
      birthdate: '1988-04-12',
    });
    expect(typeof id.nonce).toBe('string');
    expect(String(id.picture)).toMatch(/^data:image\/svg\+xml/);

    const jwks = createRemoteJWKSet(new URL(`${stack.idpUrl}/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(tokens.access_token, jwks, {
      issuer: `${stack.idpUrl}/`,
      audience: stack.audience,
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({
      sub: seedAccounts.verified.sub,
      email: seedAccounts.verified.email,
      email_verified: true,
    });
    const answer = await stack.api('/api/profile/exists', { token: tokens.access_token });
    expect(answer.json).toEqual({ exists: true });
  });

  it('refuses a wrong password on its own page, and an unknown audience', async () => {
    await expect(stack.loginWithPassword(seedAccounts.verified.email, 'wrong-Passw0rd!')).rejects.toThrow(
      /login answered 401/,
    );
    await expect(
      stack.loginWithPassword(seedAccounts.verified.email, SEED_PASSWORD, {
        audience: 'https://other.example',
      }),
    ).rejects.toThrow();
  });

  it('prefills login_hint and opens sign-up for screen_hint=signup', async () => {
    const browser = new Browser();
    const { interaction } = await startLogin(browser, { login_hint: 'hinted@example.test' });
    const page = await browser.go(interaction);
    expect(page.text).toContain('value="hinted@example.test"');
    expect(page.text).toContain('type="password"');
    expect(page.text).not.toMatch(/<script|https:\/\/fonts/);
    const signupBrowser = new Browser();
    const second = await startLogin(signupBrowser, { screen_hint: 'signup' });
    const signupPage = await signupBrowser.go(second.interaction);
    expect(signupPage.text).toContain(`action="/interaction/${second.interaction.split('/').pop()}/signup"`);
    expect(signupPage.text).toContain('autocomplete="new-password"');
  });

  it('signs up with email: refuses a weak password, creates an unverified user and mails a verification link', async () => {
    const browser = new Browser();
    const { interaction, verifier } = await startLogin(browser, { screen_hint: 'signup' });
    const email = uniqueEmail('signup');
    const weak = await browser.go(`${interaction}/signup`, {
      form: { email, password: 'password1', name: 'Sig Nup' },
    });
    expect(weak.status).toBe(400);
    expect(weak.text).toContain('1 lowercase, 1 uppercase, 1 number and 1 symbol');
    const ok = await browser.go(`${interaction}/signup`, {
      form: { email, password: 'Str0ng!pass', name: 'Sig Nup' },
    });
    expect(ok.status).toBe(303);
    const code = await followToApp(browser, ok.location);
    const tokens = await exchange(code, verifier);
    expect(tokens.status).toBe(200);
    expect(decodeJwt(tokens.body.id_token ?? '')).toMatchObject({
      email,
      email_verified: false,
      given_name: 'Sig',
    });
    expect(await stack.verificationLink(email)).toContain(`${stack.idpUrl}/u/email-verification?ticket=`);
    const again = new Browser();
    const second = await startLogin(again, { screen_hint: 'signup' });
    const duplicate = await again.go(`${second.interaction}/signup`, {
      form: { email, password: 'Str0ng!pass' },
    });
    expect(duplicate.text).toContain('already exists');
  });

  it.each(['google-oauth2', 'apple', 'windowslive'])(
    'simulates %s: lists seeded accounts, signs in a typed-in new account with a verified email',
    async (connection) => {
      const browser = new Browser();
      const { interaction, verifier } = await startLogin(browser, { connection });
      const page = await browser.go(interaction);
      expect(page.status).toBe(200);
      const seeded = stack.repo.usersOfConnection(connection as 'apple');
      expect(seeded.length).toBeGreaterThan(0);
      for (const account of seeded) expect(page.text).toContain(account.sub);
      const email = uniqueEmail(connection);
      const done = await browser.go(`${interaction}/social`, {
        form: { connection, email, name: 'Social Person' },
      });
      const tokens = await exchange(await followToApp(browser, done.location), verifier);
      const id = decodeJwt(tokens.body.id_token ?? '');
      expect(id).toMatchObject({ email, email_verified: true, name: 'Social Person' });
      expect(String(id.sub).startsWith(`${connection}|`)).toBe(true);
    },
  );

  it('grants consent automatically even when prompt=consent is asked for', async () => {
    const browser = new Browser();
    const { interaction, verifier } = await startLogin(browser, { prompt: 'login consent' });
    const login = await browser.go(`${interaction}/login`, {
      form: { email: seedAccounts.verified.email, password: SEED_PASSWORD },
    });
    const tokens = await exchange(await followToApp(browser, login.location), verifier);
    expect(tokens.status).toBe(200);
  });

  it('switches accounts with prompt=login while another user is signed in', async () => {
    const browser = new Browser();
    const first = await startLogin(browser);
    const login = await browser.go(`${first.interaction}/login`, {
      form: { email: seedAccounts.verified.email, password: SEED_PASSWORD },
    });
    await followToApp(browser, login.location);
    const second = await startLogin(browser, { prompt: 'login' });
    const switched = await browser.go(`${second.interaction}/login`, {
      form: { email: seedAccounts.fresh.email, password: SEED_PASSWORD },
    });
    const tokens = await exchange(await followToApp(browser, switched.location), second.verifier);
    expect(tokens.status).toBe(200);
    expect(decodeJwt(tokens.body.id_token ?? '').sub).toBe(seedAccounts.fresh.sub);
  });

  it('signs in a picked seeded social account', async () => {
    const browser = new Browser();
    const { interaction, verifier } = await startLogin(browser, { connection: 'google-oauth2' });
    const done = await browser.go(`${interaction}/social`, {
      form: { connection: 'google-oauth2', sub: seedAccounts.google.sub },
    });
    const tokens = await exchange(await followToApp(browser, done.location), verifier);
    expect(decodeJwt(tokens.body.id_token ?? '').sub).toBe(seedAccounts.google.sub);
  });

  it('answers prompt=none without a session with login_required, and silently with one', async () => {
    const browser = new Browser();
    const { challenge } = pkce();
    const silent = (b: Browser) =>
      b.go(
        authorizeUrl(stack.idpUrl, {
          clientId: stack.clientId,
          redirectUri: redirectUri(),
          audience: stack.audience,
          challenge,
          extra: { prompt: 'none' },
        }),
      );
    const none = await silent(browser);
    expect(new URL(none.location ?? '').searchParams.get('error')).toBe('login_required');

    const { interaction } = await startLogin(browser);
    const login = await browser.go(`${interaction}/login`, {
      form: { email: seedAccounts.fresh.email, password: SEED_PASSWORD },
    });
    await followToApp(browser, login.location);
    const again = await silent(browser);
    expect(new URL(again.location ?? '').searchParams.get('code')).toBeTruthy();
    const webMessage = await browser.go(
      authorizeUrl(stack.idpUrl, {
        clientId: stack.clientId,
        redirectUri: redirectUri(),
        audience: stack.audience,
        challenge,
        extra: { prompt: 'none', response_mode: 'web_message' },
      }),
    );
    expect(webMessage.status).toBe(200);
    expect(webMessage.text).toContain('authorization_response');
  });
});

describe('userinfo', () => {
  it('answers the profile claims for the API access token, and 401 without a valid token', async () => {
    const tokens = await stack.loginWithPassword(seedAccounts.verified.email, SEED_PASSWORD);
    const ok = await fetch(`${stack.idpUrl}/userinfo`, {
      headers: { Authorization: `Bearer ${tokens.access_token}`, Origin: stack.appUrl },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(stack.appUrl);
    expect(await ok.json()).toMatchObject({
      sub: seedAccounts.verified.sub,
      email: seedAccounts.verified.email,
      email_verified: true,
      given_name: 'Olivia',
    });
    expect((await fetch(`${stack.idpUrl}/userinfo`)).status).toBe(401);
    const bad = await fetch(`${stack.idpUrl}/userinfo`, { headers: { Authorization: 'Bearer a.b.c' } });
    expect(bad.status).toBe(401);
  });
});

describe('extra app origins (StackOptions.extraAppOrigins)', () => {
  it('are accepted for CORS and logout like the app origin', async () => {
    const preflight = await fetch(`${stack.idpUrl}/oauth/token`, {
      method: 'OPTIONS',
      headers: { Origin: extraOrigin, 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe(extraOrigin);
    const out = await new Browser().go(
      `${stack.idpUrl}/v2/logout?client_id=${stack.clientId}&returnTo=${encodeURIComponent(`${extraOrigin}/`)}`,
    );
    expect(out.status).toBe(302);
    expect(out.location).toBe(`${extraOrigin}/`);
    const { challenge } = pkce();
    const start = await new Browser().go(
      authorizeUrl(stack.idpUrl, {
        clientId: stack.clientId,
        redirectUri: `${extraOrigin}/auth/redirect`,
        audience: stack.audience,
        challenge,
      }),
    );
    expect(start.status).toBe(303);
    expect(start.location).toMatch(/\/interaction\//);
  });
});

describe('refresh tokens', () => {
  it('rotates refresh tokens and refuses a used one', async () => {
    const tokens = await stack.loginWithPassword(seedAccounts.fresh.email, SEED_PASSWORD);
    expect(tokens.refresh_token).toBeTruthy();
    const first = await stack.refresh(tokens.refresh_token ?? '');
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).toBeTruthy();
    expect(first.body.refresh_token).not.toBe(tokens.refresh_token);
    expect(decodeJwt(String(first.body.access_token)).aud).toBe(stack.audience);
    const reused = await stack.refresh(tokens.refresh_token ?? '');
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
  });

  it('shows email_verified true in refreshed tokens once the email is verified', async () => {
    const email = uniqueEmail('refresh-verify');
    await stack.createUser({ email, emailVerified: false, password: 'Str0ng!pass' });
    const tokens = await stack.loginWithPassword(email, 'Str0ng!pass');
    expect(decodeJwt(tokens.id_token).email_verified).toBe(false);
    // The emailed link is the provider's ticket (decision 080): opening it verifies the address.
    const opened = await fetch((await stack.verificationLink(email)) ?? '', { redirect: 'manual' });
    expect(opened.status).toBe(302);
    const refreshed = await stack.refresh(tokens.refresh_token ?? '');
    expect(decodeJwt(String(refreshed.body.id_token)).email_verified).toBe(true);
    expect(decodeJwt(String(refreshed.body.access_token)).email_verified).toBe(true);
  });
});

describe('CORS for the SPA', () => {
  it('allows the token endpoint preflight from the app origin (with the Auth0-Client header) only', async () => {
    const preflight = (origin: string) =>
      fetch(`${stack.idpUrl}/oauth/token`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'auth0-client,content-type',
        },
      });
    const ok = await preflight(stack.appUrl);
    expect(ok.headers.get('access-control-allow-origin')).toBe(stack.appUrl);
    expect(ok.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('auth0-client');
    const tokenPost = await fetch(`${stack.idpUrl}/oauth/token`, {
      method: 'POST',
      headers: { Origin: 'http://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: stack.clientId,
        refresh_token: 'x',
      }).toString(),
    });
    expect(tokenPost.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('logout (/v2/logout)', () => {
  it('ends the session and returns to an allowed app URL', async () => {
    const browser = new Browser();
    const { interaction } = await startLogin(browser);
    const login = await browser.go(`${interaction}/login`, {
      form: { email: seedAccounts.fresh.email, password: SEED_PASSWORD },
    });
    await followToApp(browser, login.location);
    const returnTo = `${stack.appUrl}/redirected?x=1`;
    const out = await browser.go(
      `${stack.idpUrl}/v2/logout?client_id=${stack.clientId}&returnTo=${encodeURIComponent(returnTo)}`,
    );
    expect(out.status).toBe(302);
    expect(out.location).toBe(returnTo);
    const { challenge } = pkce();
    const silent = await browser.go(
      authorizeUrl(stack.idpUrl, {
        clientId: stack.clientId,
        redirectUri: redirectUri(),
        audience: stack.audience,
        challenge,
        extra: { prompt: 'none' },
      }),
    );
    expect(new URL(silent.location ?? '').searchParams.get('error')).toBe('login_required');
  });

  it('refuses a returnTo on another origin and an unknown client with a clear page', async () => {
    const browser = new Browser();
    const evil = await browser.go(
      `${stack.idpUrl}/v2/logout?client_id=${stack.clientId}&returnTo=${encodeURIComponent('http://evil.example/')}`,
    );
    expect(evil.status).toBe(400);
    expect(evil.text).toContain('is not an allowed logout URL');
    const unknown = await browser.go(
      `${stack.idpUrl}/v2/logout?client_id=someone-else&returnTo=${stack.appUrl}`,
    );
    expect(unknown.status).toBe(400);
    const plain = await browser.go(`${stack.idpUrl}/v2/logout?client_id=${stack.clientId}`);
    expect(plain.location).toBe(`${stack.appUrl}/`);
  });
});

describe('test hooks are off by default', () => {
  it('answers 404 on /__test/* of the IdP and the app without the option', async () => {
    const plain = await startTestStack({ testHooks: false });
    try {
      const idp = await fetch(`${plain.idpUrl}/__test/users`, { method: 'POST', body: '{}' });
      expect(idp.status).toBe(404);
      const app = await plain.api('/__test/reset', { body: {} });
      expect(app.status).toBe(404);
    } finally {
      await plain.dispose();
    }
  });
});

describe('persistence', () => {
  it('keeps IdP sessions and refresh tokens across a restart on the same data directory', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dataDir = mkdtempSync(join(tmpdir(), 'stack-restart-'));
    const browser = new Browser();
    try {
      const first = await startTestStack({ dataDir });
      let refreshToken = '';
      try {
        const tokens = await first.loginWithPassword(seedAccounts.fresh.email, SEED_PASSWORD);
        refreshToken = tokens.refresh_token ?? '';
        const { challenge } = pkce();
        const start = await browser.go(
          authorizeUrl(first.idpUrl, {
            clientId: first.clientId,
            redirectUri: `${first.appUrl}/auth/redirect`,
            audience: first.audience,
            challenge,
          }),
        );
        const login = await browser.go(`${start.location}/login`, {
          form: { email: seedAccounts.fresh.email, password: SEED_PASSWORD },
        });
        let next = login.location;
        while (next && !next.startsWith(`${first.appUrl}/auth/redirect`))
          next = (await browser.go(next)).location;
      } finally {
        await first.stop();
      }
      const second = await startTestStack({ dataDir });
      try {
        const { challenge } = pkce();
        const silent = await browser.go(
          authorizeUrl(second.idpUrl, {
            clientId: second.clientId,
            redirectUri: `${second.appUrl}/auth/redirect`,
            audience: second.audience,
            challenge,
            extra: { prompt: 'none' },
          }),
        );
        expect(new URL(silent.location ?? '').searchParams.get('code')).toBeTruthy();
        const refreshed = await second.refresh(refreshToken);
        expect(refreshed.status).toBe(200);
        expect(decodeJwt(String(refreshed.body.id_token)).sub).toBe(seedAccounts.fresh.sub);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
