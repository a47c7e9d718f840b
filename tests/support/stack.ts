import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProviderCode } from '#machines/domain';
import { generateKeyFile, KEY_FILE, type KeyFile } from '../../server/idp/index';
import { type Stack, type StackOptions, startStack } from '../../server/stack';

/**
 * The one way tests start the local stack (contract tests, end-to-end tests, benchmarks): free
 * ports, a fresh temporary data directory, test hooks on, quiet, the built app of `dist/` served
 * when it exists. The test starts it and stops it: `dispose()` stops it and deletes the directory
 * (a `dataDir` passed in is kept: the caller owns it).
 *
 *   const stack = await startTestStack();
 *   const user = await stack.createUser({ email: uniqueEmail('profile') });   // verified by default
 *   const res = await stack.api('/api/profile/exists', { token: user.accessToken });
 *   await stack.dispose();
 *
 * End-to-end tests go through `startE2eStack` (tests/e2e/fixtures.ts), which only sets their
 * own default (a visible activation delay) on top of this.
 */

/** The repository's built app (`npm run build`). */
export const DIST_DIR = join(import.meta.dirname, '../../dist');

let emailCounter = 0;
/** A new, unique email address for a test user (unique across test workers too). */
export function uniqueEmail(prefix = 'user'): string {
  emailCounter += 1;
  return `${prefix}.${Date.now().toString(36)}${emailCounter}${Math.floor(Math.random() * 1e4)}@example.test`;
}

export interface ApiAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
}

export interface CreatedUser {
  sub: string;
  email: string;
  emailVerified: boolean;
  accessToken: string;
}

export interface Tokens {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  expires_in: number;
  token_type: string;
  scope?: string;
}

/** Who signs in at the provider's form: an email account, or a social account by its subject. */
export type ProviderLogin = { email: string; password: string } | { connection: ProviderCode; sub: string };

/** A cookie the provider set, with what a browser needs to keep it. */
export interface SessionCookie {
  name: string;
  value: string;
  path: string;
  httpOnly: boolean;
  sameSite: 'Strict' | 'Lax' | 'None';
  /** Seconds since the epoch, or -1 for a session cookie. */
  expires: number;
}

export interface TestStack extends Stack {
  dataDir: string;
  dispose(): Promise<void>;
  /** POST {idp}/__test/users: a user of a connection (default email, verified), with an access token. */
  createUser(input?: {
    email?: string;
    password?: string;
    connection?: ProviderCode;
    emailVerified?: boolean;
    name?: string;
    givenName?: string;
    familyName?: string;
  }): Promise<CreatedUser>;
  /** A fresh access token for a user (signed like the IdP's). */
  token(sub: string, options?: { expiresInSeconds?: number }): Promise<string>;
  /** Calls the app origin (`path` starting with /api or /__test). JSON body unless `rawBody` given. */
  api(
    path: string,
    init?: {
      method?: string;
      token?: string | null;
      body?: unknown;
      rawBody?: string;
      headers?: Record<string, string>;
    },
  ): Promise<ApiAnswer>;
  /** Messages in the dev mailbox for an address (newest first). */
  mail(to: string): Promise<{ id: number; to: string; subject: string; text: string; html: string }[]>;
  /** The verification link of the newest verification email to an address. */
  verificationLink(to: string): Promise<string | null>;
  /** A real authorization-code + PKCE login through the IdP's pages (email connection). */
  loginWithPassword(email: string, password: string, options?: { audience?: string }): Promise<Tokens>;
  /**
   * A real sign-in through the provider's own form, posted over HTTP (no browser): the provider's
   * session cookies it sets, for a browser that starts signed in (tests/e2e/fixtures.ts `signIn`).
   * An email account by its password, or a simulated social account by its `sub`.
   */
  providerSession(login: ProviderLogin): Promise<SessionCookie[]>;
  /** Exchanges a refresh token (rotation: the answer carries a new one). */
  refresh(refreshToken: string): Promise<{ status: number; body: Record<string, unknown> }>;
}

/** One IdP key per test process: generating RSA keys for every stack costs CPU for nothing. */
let sharedKeys: Promise<KeyFile> | null = null;

export async function startTestStack(options: StackOptions = {}): Promise<TestStack> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'stack-test-'));
  if (!options.dataDir) {
    sharedKeys ??= generateKeyFile();
    writeFileSync(join(dataDir, KEY_FILE), JSON.stringify(await sharedKeys), { mode: 0o600 });
  }
  const stack = await startStack({
    appPort: 0,
    idpPort: 0,
    mailboxPort: 0,
    auPort: 0,
    ukPort: 0,
    distDir: DIST_DIR,
    activationDelayMs: 300,
    testHooks: true,
    quiet: true,
    ...options,
    dataDir,
  });

  const api: TestStack['api'] = async (path, init = {}) => {
    const headers: Record<string, string> = { Accept: 'application/json', ...(init.headers ?? {}) };
    let body: string | undefined;
    if (init.rawBody !== undefined) body = init.rawBody;
    else if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['Content-Type'] ??= 'application/json';
    }
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    const response = await fetch(`${stack.appUrl}${path}`, {
      method: init.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  };

  const mail: TestStack['mail'] = async (to) => {
    const response = await fetch(`${stack.mailboxUrl}/api/messages?to=${encodeURIComponent(to)}`);
    return (await response.json()) as Awaited<ReturnType<TestStack['mail']>>;
  };

  /**
   * The provider's authorization-code flow up to the redirect back to the app, through its form
   * (email login, or the social page with an account's `sub`): the code, the verifier and the
   * cookies the provider set on the way.
   */
  async function authorizeThroughForm(login: ProviderLogin, audience: string) {
    const jar = new Map<string, SessionCookie>();
    const cookieHeader = () => [...jar.values()].map(({ name, value }) => `${name}=${value}`).join('; ');
    const remember = (response: Response) => {
      for (const line of response.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(';');
        const index = pair?.indexOf('=') ?? -1;
        if (!pair || index < 1) continue;
        const name = pair.slice(0, index).trim();
        const value = pair.slice(index + 1);
        if (/expires=Thu, 01 Jan 1970/i.test(line)) {
          jar.delete(name);
          continue;
        }
        const attribute = (key: string) =>
          attributes
            .map((a) => a.trim())
            .find((a) => a.toLowerCase().startsWith(`${key}=`))
            ?.slice(key.length + 1);
        const expires = attribute('expires');
        const sameSite = (attribute('samesite') ?? 'lax').toLowerCase();
        jar.set(name, {
          name,
          value,
          path: attribute('path') ?? '/',
          httpOnly: attributes.some((a) => a.trim().toLowerCase() === 'httponly'),
          sameSite: sameSite === 'strict' ? 'Strict' : sameSite === 'none' ? 'None' : 'Lax',
          expires: expires ? Math.floor(Date.parse(expires) / 1000) : -1,
        });
      }
    };
    const go = async (url: string, init: RequestInit = {}) => {
      const response = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() },
      });
      remember(response);
      return response;
    };

    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const redirectUri = `${stack.appUrl}/auth/redirect`;
    const state = randomBytes(8).toString('hex');
    const authorize = new URL(`${stack.idpUrl}/authorize`);
    authorize.search = new URLSearchParams({
      client_id: stack.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      response_mode: 'query',
      scope: 'openid profile email offline_access',
      audience,
      state,
      nonce: randomBytes(8).toString('hex'),
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...('connection' in login ? { connection: login.connection } : {}),
    }).toString();

    let response = await go(authorize.href);
    const interaction = response.headers.get('location');
    if (response.status !== 303 || !interaction) throw new Error(`authorize answered ${response.status}`);
    const interactionUrl = new URL(interaction, stack.idpUrl).href;
    response = await go(interactionUrl);
    if (response.status !== 200) throw new Error(`login page answered ${response.status}`);
    response =
      'connection' in login
        ? await go(`${interactionUrl}/social`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ connection: login.connection, sub: login.sub }).toString(),
          })
        : await go(`${interactionUrl}/login`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ email: login.email, password: login.password }).toString(),
          });
    let location = response.headers.get('location');
    if (!location) throw new Error(`login answered ${response.status}: ${await response.text()}`);
    for (let hops = 0; hops < 5 && !location.startsWith(redirectUri); hops += 1) {
      response = await go(new URL(location, stack.idpUrl).href);
      location = response.headers.get('location');
      if (!location) throw new Error(`resume answered ${response.status}: ${await response.text()}`);
    }
    const back = new URL(location);
    if (back.searchParams.get('state') !== state) throw new Error('state mismatch');
    const code = back.searchParams.get('code');
    if (!code) throw new Error(`no code: ${location}`);
    return { code, verifier, redirectUri, cookies: [...jar.values()] };
  }

  async function loginWithPassword(email: string, password: string, login: { audience?: string } = {}) {
    const { code, verifier, redirectUri } = await authorizeThroughForm(
      { email, password },
      login.audience ?? stack.audience,
    );
    const token = await fetch(`${stack.idpUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: stack.clientId,
        code,
        code_verifier: verifier,
        redirect_uri: redirectUri,
      }).toString(),
    });
    const tokens = (await token.json()) as Tokens & { error?: string; error_description?: string };
    if (token.status !== 200) throw new Error(`token answered ${token.status}: ${JSON.stringify(tokens)}`);
    return tokens;
  }

  async function providerSession(login: ProviderLogin): Promise<SessionCookie[]> {
    const { cookies } = await authorizeThroughForm(login, stack.audience);
    // The provider's session (and its signature); the interaction cookies ended with the sign-in.
    const session = cookies.filter((cookie) => cookie.name.startsWith('_session'));
    if (session.length === 0) throw new Error('the provider set no session cookie');
    return session;
  }

  return {
    ...stack,
    dataDir,
    api,
    mail,
    loginWithPassword,
    providerSession,
    async refresh(refreshToken) {
      const response = await fetch(`${stack.idpUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          client_id: stack.clientId,
          refresh_token: refreshToken,
        }).toString(),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    async createUser(input = {}) {
      const response = await fetch(`${stack.idpUrl}/__test/users`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          email: input.email ?? `user.${randomBytes(5).toString('hex')}@example.test`,
          ...input,
        }),
      });
      if (response.status !== 201) throw new Error(`createUser answered ${response.status}`);
      return (await response.json()) as CreatedUser;
    },
    token: (sub, tokenOptions) => stack.mintAccessToken(sub, tokenOptions),
    async verificationLink(to) {
      const messages = await mail(to);
      const match = messages
        .map(
          (message) => /https?:\/\/[^\s"<]+\/u\/email-verification\?ticket=[^\s"<]+/.exec(message.text)?.[0],
        )
        .find(Boolean);
      return match ?? null;
    },
    async dispose() {
      await stack.stop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
