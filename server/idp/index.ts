import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, importJWK, type JWK, jwtVerify, SignJWT } from 'jose';
import Provider, { errors, type KoaContextLike, type TokenInstance } from 'oidc-provider';
import type { ProviderCode } from '#machines/domain';
import { strongPasswordPattern } from '../../src/validation/patterns';
import {
  BodyError,
  escapeHtml,
  MAX_BODY_BYTES,
  page,
  readFormBody,
  readJsonBody,
  readRawBody,
  redirect,
  sendHtml,
  sendJson,
} from '../http-util';
import { sendVerificationEmail, VERIFICATION_TICKET_PATH } from '../mail';
import type { Repo } from '../repo';
import type { UserRecord } from '../repo/accounts';
import { createSqliteAdapter } from './adapter';
import { emailLoginPage, emailSignupPage, errorPage, socialPage } from './pages';

/**
 * The local identity provider: oidc-provider 9 shaped like Auth0 as the Auth0 SPA SDK sees it
 * (see server/README.md and docs/decisions/012-local-stack.md).
 */

/** Spec §5's default strong password rule, from the shared validation library. */
export const STRONG_PASSWORD = strongPasswordPattern;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface IdpOptions {
  /** Origin of the IdP, e.g. http://localhost:4001 (the issuer is this plus '/'). */
  origin: string;
  /** App origins allowed as redirect/logout/CORS origins (first one is the main app). */
  appOrigins: string[];
  clientId: string;
  audience: string;
  repo: Repo;
  dataDir: string;
  /** Called when a user signs up with email (so the API can send the verification mail). */
  appUrl: string;
  testHooks: boolean;
  /**
   * The application login URI (Auth0's 'Application Login URI'): where a browser that arrives at
   * a stale or unknown sign-in interaction (`/interaction/<uid>`: Back after a completed sign-in,
   * an old tab, a bookmark) is sent to start again. Default: the app's sign-in route, `appUrl` + '/'.
   */
  loginUri?: string;
  quiet?: boolean;
  /** Called after the IdP changes a user's state (sign-up). */
  onUserChanged?: (sub: string) => void;
  /** Called after a verification ticket marked an address verified (the accounts that changed). */
  onEmailVerified?: (email: string, subs: string[]) => void;
}

export interface Idp {
  issuer: string;
  provider: Provider;
  /** Public keys (what /.well-known/jwks.json serves). */
  publicJwks: { keys: JWK[] };
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** Signs an access token exactly like the provider does (test hook and tests/support). */
  mintAccessToken(sub: string, options?: { expiresInSeconds?: number; audience?: string }): Promise<string>;
}

export interface KeyFile {
  signing: JWK;
  cookieKeys: string[];
}

/** Where the IdP keeps its keys in the data directory. */
export const KEY_FILE = 'idp-keys.json';

/** A new RS256 signing key (private JWK with kid) and cookie signing keys. */
export async function generateKeyFile(): Promise<KeyFile> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const signing = {
    ...(await exportJWK(privateKey)),
    kid: randomBytes(8).toString('hex'),
    alg: 'RS256',
    use: 'sig',
  };
  return { signing, cookieKeys: [randomBytes(32).toString('base64url')] };
}

async function loadKeys(dataDir: string): Promise<KeyFile> {
  const file = join(dataDir, KEY_FILE);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as KeyFile;
  const keys = await generateKeyFile();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

function publicPart(jwk: JWK): JWK {
  const { kty, n, e, kid, alg, use } = jwk;
  return { kty, n, e, kid, alg, use };
}

const SOCIAL: ProviderCode[] = ['windowslive', 'apple', 'google-oauth2', 'waad'];

function isSocial(value: string | undefined): value is ProviderCode {
  return SOCIAL.includes(value as ProviderCode);
}

function claimsOf(user: UserRecord) {
  return {
    sub: user.sub,
    name: user.name ?? user.email,
    nickname: user.nickname ?? user.email.split('@')[0],
    email: user.email,
    email_verified: user.emailVerified,
    picture: user.picture ?? undefined,
    given_name: user.givenName ?? undefined,
    family_name: user.familyName ?? undefined,
    phone_number: user.phoneNumber ?? undefined,
    birthdate: user.birthdate ?? undefined,
    updated_at: Math.floor(Date.now() / 1000),
  };
}

export async function createIdp(options: IdpOptions): Promise<Idp> {
  const { repo, clientId, audience } = options;
  const issuer = `${options.origin}/`;
  const loginUri = options.loginUri ?? new URL('/', options.appUrl).href;
  const keys = await loadKeys(options.dataDir);
  const signingKey = await importJWK(keys.signing, 'RS256');
  const publicJwks = { keys: [publicPart(keys.signing)] };
  const accessTokenTtl = 3600;

  const provider = new Provider(issuer, {
    adapter: createSqliteAdapter(repo.db),
    clients: [
      {
        client_id: clientId,
        client_name: 'Practice Onboarding',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: options.appOrigins.map((origin) => `${origin}/auth/redirect`),
        post_logout_redirect_uris: options.appOrigins.map((origin) => `${origin}/`),
        id_token_signed_response_alg: 'RS256',
      },
    ],
    jwks: { keys: [keys.signing] },
    cookies: { keys: keys.cookieKeys },
    routes: {
      authorization: '/authorize',
      token: '/oauth/token',
      jwks: '/.well-known/jwks.json',
      userinfo: '/userinfo',
      end_session: '/oidc/logout',
      revocation: '/oauth/revoke',
    },
    scopes: ['openid', 'profile', 'email', 'phone', 'offline_access'],
    claims: {
      openid: ['sub'],
      profile: [
        'name',
        'nickname',
        'picture',
        'given_name',
        'family_name',
        'birthdate',
        'phone_number',
        'updated_at',
      ],
      email: ['email', 'email_verified'],
      phone: ['phone_number'],
    },
    conformIdTokenClaims: false,
    extraParams: ['audience', 'connection', 'screen_hint'],
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: { enabled: true },
      webMessageResponseMode: { enabled: true, ack: 'individual-draft-01' },
      resourceIndicators: {
        enabled: true,
        defaultResource: (ctx: KoaContextLike, _client: unknown, oneOf?: string) => {
          if (oneOf) return oneOf;
          const requested = ctx.oidc.params?.audience;
          return typeof requested === 'string' && requested ? requested : audience;
        },
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: KoaContextLike, resource: string) => {
          if (resource !== audience) throw new errors.InvalidTarget(`unknown audience ${resource}`);
          return {
            scope: 'openid profile email offline_access',
            audience,
            accessTokenTTL: accessTokenTtl,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    pkce: { required: () => true },
    clientBasedCORS: (_ctx: KoaContextLike, origin: string) => options.appOrigins.includes(origin),
    findAccount: (_ctx: KoaContextLike, sub: string) => {
      const user = repo.getUser(sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        claims: async () => {
          const fresh = repo.getUser(sub) ?? user;
          return claimsOf(fresh);
        },
      };
    },
    // No consent step: the app is first-party, so a grant covering everything is created on demand.
    loadExistingGrant: async (ctx: KoaContextLike) => {
      const client = ctx.oidc.client;
      const session = ctx.oidc.session;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new provider.Grant({ accountId: session.accountId, clientId: client.clientId });
      grant.addOIDCScope('openid profile email phone offline_access');
      grant.addResourceScope(audience, 'openid profile email offline_access');
      await grant.save();
      return grant;
    },
    // Refresh tokens for the code flow whenever the client may use them (the SDK's offline_access
    // would otherwise be dropped without prompt=consent). Rotation: the default rotates them for
    // public clients on every use.
    issueRefreshToken: (_ctx: KoaContextLike, client: { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed('refresh_token'),
    extraTokenClaims: (_ctx: KoaContextLike, token: TokenInstance) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const user = repo.getUser(token.accountId);
      if (!user) return undefined;
      return { email: user.email, email_verified: user.emailVerified };
    },
    interactions: {
      url: (_ctx: KoaContextLike, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    ttl: {
      AccessToken: accessTokenTtl,
      AuthorizationCode: 120,
      IdToken: 3600,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
      RefreshToken: 14 * 24 * 3600,
    },
    renderError: (ctx: KoaContextLike, out: { error?: string; error_description?: string }) => {
      ctx.type = 'html';
      ctx.body = errorPage(
        'Sign-in error',
        `${out.error ?? 'error'}: ${out.error_description ?? 'Something went wrong while signing in.'}`,
      );
    },
  });

  // Koa logs unhandled errors with console.error unless the app has an 'error' listener.
  provider.on('error', (error: unknown) => {
    if (!options.quiet) console.warn('[idp] error', error);
  });
  provider.on('server_error', (_ctx: unknown, error: unknown) => {
    console.warn('[idp] server_error', error);
  });

  const callback = provider.callback();

  async function mintAccessToken(sub: string, mint: { expiresInSeconds?: number; audience?: string } = {}) {
    const user = repo.getUser(sub);
    if (!user) throw new Error(`unknown user ${sub}`);
    return new SignJWT({
      email: user.email,
      email_verified: user.emailVerified,
      scope: 'openid profile email',
      client_id: clientId,
    })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: keys.signing.kid })
      .setIssuer(issuer)
      .setSubject(sub)
      .setAudience(mint.audience ?? audience)
      .setIssuedAt()
      .setJti(randomBytes(12).toString('base64url'))
      .setExpirationTime(Math.floor(Date.now() / 1000) + (mint.expiresInSeconds ?? accessTokenTtl))
      .sign(signingKey);
  }

  const finishLogin = (req: IncomingMessage, res: ServerResponse, user: UserRecord) =>
    provider.interactionFinished(
      req,
      res,
      { login: { accountId: user.sub, amr: [user.connection === 'auth0' ? 'pwd' : 'ext'] } },
      { mergeWithLastSubmission: false },
    );

  async function interaction(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const [, , uid, action] = url.pathname.split('/');
    let details: Awaited<ReturnType<Provider['interactionDetails']>>;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      // Stale or unknown: as Auth0 does, back to the app's sign-in route (decision 128). 303, so a
      // form posted to a stale interaction is followed with a GET.
      redirect(res, loginUri, 303);
      return;
    }
    if (details.uid !== uid) {
      // An interaction of another sign-in of this browser (an older tab, Back): start again too.
      redirect(res, loginUri, 303);
      return;
    }
    const params = details.params;
    const connection = params.connection;
    const clientName = 'Practice Onboarding';

    if (req.method === 'GET' && !action) {
      if (details.prompt.name === 'consent' && details.session?.accountId && params.client_id) {
        // First-party app: consent is granted automatically (e.g. an explicit prompt=consent).
        const grant = new provider.Grant({
          accountId: details.session.accountId,
          clientId: params.client_id,
        });
        grant.addOIDCScope('openid profile email phone offline_access');
        grant.addResourceScope(audience, 'openid profile email offline_access');
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          { consent: { grantId } },
          { mergeWithLastSubmission: true },
        );
        return;
      }
      if (isSocial(connection)) {
        sendHtml(
          res,
          200,
          socialPage({
            uid: details.uid,
            connection,
            accounts: repo.usersOfConnection(connection),
            email: params.login_hint ?? '',
            error: null,
          }),
        );
        return;
      }
      const screen = url.searchParams.get('screen') ?? (params.screen_hint === 'signup' ? 'signup' : 'login');
      const email = params.login_hint ?? '';
      sendHtml(
        res,
        200,
        screen === 'signup'
          ? emailSignupPage({ uid: details.uid, email, name: '', error: null, clientName })
          : emailLoginPage({ uid: details.uid, email, error: null, clientName }),
      );
      return;
    }

    if (req.method === 'GET' && action === 'abort') {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
      return;
    }

    if (req.method !== 'POST') {
      sendHtml(res, 405, errorPage('Not allowed', 'This method is not allowed here.'), {
        Allow: 'GET, POST',
      });
      return;
    }
    const form = await readFormBody(req);

    if (action === 'login') {
      const email = (form.get('email') ?? '').trim();
      const password = form.get('password') ?? '';
      const user = repo.checkPassword(email, password);
      if (!user) {
        sendHtml(
          res,
          401,
          emailLoginPage({ uid: details.uid, email, error: 'Wrong email or password.', clientName }),
        );
        return;
      }
      await finishLogin(req, res, user);
      return;
    }

    if (action === 'signup') {
      const email = (form.get('email') ?? '').trim();
      const name = (form.get('name') ?? '').trim();
      const password = form.get('password') ?? '';
      let error: string | null = null;
      if (!EMAIL.test(email)) error = 'Please enter a valid email address.';
      else if (!STRONG_PASSWORD.test(password))
        error =
          'Password must be at least 8 characters with 1 lowercase, 1 uppercase, 1 number and 1 symbol.';
      else if (repo.findUserByEmail('auth0', email))
        error = 'An account with this email address already exists. Log in instead.';
      if (error) {
        sendHtml(res, 400, emailSignupPage({ uid: details.uid, email, name, error, clientName }));
        return;
      }
      const [givenName, ...rest] = name.split(/\s+/).filter(Boolean);
      const user = repo.createUser({
        connection: 'auth0',
        email,
        emailVerified: false,
        password,
        name: name || null,
        givenName: givenName ?? null,
        familyName: rest.join(' ') || null,
      });
      sendVerificationEmail(repo, options.origin, email);
      options.onUserChanged?.(user.sub);
      await finishLogin(req, res, user);
      return;
    }

    if (action === 'social') {
      const chosen = form.get('connection') ?? '';
      if (!isSocial(chosen)) {
        sendHtml(res, 400, errorPage('Unknown connection', 'This connection is not available.'));
        return;
      }
      const sub = form.get('sub');
      if (sub) {
        const user = repo.getUser(sub);
        if (!user || user.connection !== chosen) {
          sendHtml(res, 400, errorPage('Unknown account', 'This account does not exist.'));
          return;
        }
        await finishLogin(req, res, user);
        return;
      }
      const email = (form.get('email') ?? '').trim();
      const name = (form.get('name') ?? '').trim();
      if (!EMAIL.test(email)) {
        sendHtml(
          res,
          400,
          socialPage({
            uid: details.uid,
            connection: chosen,
            accounts: repo.usersOfConnection(chosen),
            email,
            error: 'Please enter a valid email address.',
          }),
        );
        return;
      }
      const [givenName, ...rest] = name.split(/\s+/).filter(Boolean);
      const user =
        repo.findUserByEmail(chosen, email) ??
        repo.createUser({
          connection: chosen,
          email,
          emailVerified: true,
          name: name || null,
          givenName: givenName ?? null,
          familyName: rest.join(' ') || null,
        });
      await finishLogin(req, res, user);
      return;
    }

    sendHtml(res, 404, errorPage('Not found', 'Unknown sign-in step.'));
  }

  /** Auth0's logout: validates returnTo against the app origins, ends the session, redirects. */
  async function logout(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const requestedClient = url.searchParams.get('client_id');
    const returnTo = url.searchParams.get('returnTo') ?? url.searchParams.get('returnto');
    if (requestedClient !== null && requestedClient !== clientId) {
      sendHtml(res, 400, errorPage('Logout refused', `Unknown client_id "${requestedClient}".`));
      return;
    }
    let target = `${options.appOrigins[0]}/`;
    if (returnTo) {
      let parsed: URL | null = null;
      try {
        parsed = new URL(returnTo);
      } catch {
        parsed = null;
      }
      if (!parsed || !options.appOrigins.includes(parsed.origin)) {
        sendHtml(
          res,
          400,
          errorPage(
            'Logout refused',
            `The returnTo address "${returnTo}" is not an allowed logout URL for this application. Allowed origins: ${options.appOrigins.join(', ')}.`,
          ),
        );
        return;
      }
      target = parsed.href;
    }
    try {
      const session = await provider.Session.get({ req, res, secure: false });
      if (session.accountId) await session.destroy();
    } catch {
      // No session (or an unreadable cookie): nothing to end.
    }
    res.setHeader('Set-Cookie', [
      '_session=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; httponly; samesite=lax',
      '_session.sig=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; httponly; samesite=lax',
    ]);
    redirect(res, target);
  }

  /**
   * /userinfo as Auth0 answers it: also for the API's JWT access tokens (Auth0 puts the userinfo
   * audience in them). Other tokens go on to oidc-provider's own endpoint.
   */
  const verificationKey = await importJWK(publicPart(keys.signing), 'RS256');
  async function userinfo(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    let sub: string | null = null;
    if (token && token.split('.').length === 3) {
      try {
        const { payload } = await jwtVerify(token, verificationKey, {
          issuer,
          audience,
          algorithms: ['RS256'],
        });
        sub = typeof payload.sub === 'string' ? payload.sub : null;
      } catch {
        sub = null;
      }
    }
    const user = sub ? repo.getUser(sub) : null;
    if (!user) {
      callback(req, res);
      return;
    }
    const origin = req.headers.origin;
    const cors: Record<string, string> =
      origin && options.appOrigins.includes(origin)
        ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' }
        : {};
    const claims = Object.fromEntries(
      Object.entries(claimsOf(user)).filter(([, value]) => value !== undefined),
    );
    sendJson(res, 200, claims, cors);
  }

  /**
   * The emailed verification link, as Auth0's ticket works (decision 080): the provider marks the
   * address verified, then sends the browser to the app's /auth/verified-email?email=<address>.
   * A used ticket of an address that is verified goes on to the app too (a second click).
   */
  function verificationTicket(req: IncomingMessage, res: ServerResponse, url: URL): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendHtml(res, 405, errorPage('Email verification', 'Open the link from the email.'), {
        Allow: 'GET, HEAD',
      });
      return;
    }
    const ticket = url.searchParams.get('ticket') ?? '';
    const found = ticket && ticket.length <= 200 ? repo.verificationToken(ticket) : null;
    const verifiedAlready =
      found?.used === true && repo.subsWithEmail(found.email).some((sub) => repo.getUser(sub)?.emailVerified);
    if (!found || (found.used && !verifiedAlready)) {
      sendHtml(
        res,
        400,
        errorPage(
          'Verification link not valid',
          'This email verification link is not valid or has already been used. Ask the app for a new verification email.',
        ),
      );
      return;
    }
    if (!found.used) {
      const changed = repo.markEmailVerified(found.email);
      options.onEmailVerified?.(found.email, changed);
    }
    redirect(res, `${options.appOrigins[0]}/auth/verified-email?email=${encodeURIComponent(found.email)}`);
  }

  /** Test-only routes (options.testHooks): never enabled by default. */
  async function testHooks(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (req.method !== 'POST') {
      sendJson(res, 405, { message: 'POST only' });
      return;
    }
    const body = ((await readJsonBody(req)) ?? {}) as Record<string, unknown>;
    if (url.pathname === '/__test/users') {
      const connection = (typeof body.connection === 'string' ? body.connection : 'auth0') as ProviderCode;
      const email =
        typeof body.email === 'string' ? body.email : `user.${randomBytes(4).toString('hex')}@example.com`;
      const str = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : null);
      // One account per connection and address: a duplicate is the caller's mistake, not a crash.
      if (repo.findUserByEmail(connection, email)) {
        sendJson(res, 409, { message: `an ${connection} account with ${email} exists` });
        return;
      }
      const user = repo.createUser({
        connection,
        email,
        emailVerified: body.emailVerified !== false,
        password: str('password') ?? undefined,
        name: str('name'),
        givenName: str('givenName'),
        familyName: str('familyName'),
        phoneNumber: str('phoneNumber'),
        birthdate: str('birthdate'),
      });
      if (!user.emailVerified && body.sendVerificationEmail !== false) {
        sendVerificationEmail(repo, options.origin, email);
      }
      sendJson(res, 201, { ...user, accessToken: await mintAccessToken(user.sub) });
      return;
    }
    if (url.pathname === '/__test/token') {
      const sub = typeof body.sub === 'string' ? body.sub : '';
      if (!repo.getUser(sub)) {
        sendJson(res, 404, { message: `unknown user ${escapeHtml(sub)}` });
        return;
      }
      const expiresInSeconds = typeof body.expiresInSeconds === 'number' ? body.expiresInSeconds : undefined;
      sendJson(res, 200, { accessToken: await mintAccessToken(sub, { expiresInSeconds }) });
      return;
    }
    sendJson(res, 404, { message: 'unknown test hook' });
  }

  /**
   * Every answer of the provider carries this policy (decision 080): its pages run no script,
   * their forms post to the provider and its redirects end on an app origin, and nobody frames
   * them. oidc-provider's web_message page (the silent-auth frame) adds its script's hash and drops
   * frame-ancestors and X-Frame-Options itself, as it must be framed by the app.
   */
  const providerCsp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    `form-action 'self' ${options.appOrigins.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', options.origin);
    res.setHeader('Content-Security-Policy', providerCsp);
    res.setHeader('X-Frame-Options', 'DENY');
    // Bodies are capped like everywhere on the stack (decision 012); oidc-provider's own endpoints
    // (e.g. /oauth/token) would otherwise answer a 400 for a declared body that is too large.
    if (Number(req.headers['content-length'] ?? '0') > MAX_BODY_BYTES) {
      req.resume();
      sendHtml(
        res,
        413,
        errorPage('Request too large', `The request body is larger than ${MAX_BODY_BYTES} bytes.`),
      );
      return;
    }
    const fail = (error: unknown) => {
      if (error instanceof BodyError && !res.headersSent) {
        // A form or hook body that is too large (413) or unreadable (400): the client's mistake.
        const tooLarge = error.reason === 'too-large';
        sendHtml(
          res,
          tooLarge ? 413 : 400,
          errorPage(tooLarge ? 'Request too large' : 'Bad request', error.message),
        );
        return;
      }
      if (!res.headersSent) {
        console.error('[idp] unhandled error', req.method, url.pathname, error);
        sendHtml(res, 500, errorPage('Sign-in error', (error as Error).message ?? 'Unexpected error'));
      } else {
        res.end();
      }
    };
    if (url.pathname.startsWith('/interaction/')) {
      interaction(req, res, url).catch(fail);
      return;
    }
    if (url.pathname === '/v2/logout') {
      logout(req, res, url).catch(fail);
      return;
    }
    if (url.pathname === VERIFICATION_TICKET_PATH) {
      verificationTicket(req, res, url);
      return;
    }
    if (url.pathname.startsWith('/__test/')) {
      if (!options.testHooks) {
        sendJson(res, 404, { message: 'Not found' });
        return;
      }
      testHooks(req, res, url).catch(fail);
      return;
    }
    if (url.pathname === '/userinfo' && (req.method === 'GET' || req.method === 'POST')) {
      userinfo(req, res).catch(fail);
      return;
    }
    if (url.pathname === '/') {
      sendHtml(
        res,
        200,
        page(
          'Local identity provider',
          `<h1>Local identity provider</h1><p>Issuer <code>${escapeHtml(issuer)}</code>. Sign in from the app.</p>`,
        ),
      );
      return;
    }
    if (url.pathname === '/authorize' && url.searchParams.get('response_mode') === 'web_message') {
      // Like Auth0: a silent (hidden frame) answer is a 200 page that posts the result — also for
      // errors such as login_required. oidc-provider sends those with status 400, which the browser
      // logs as a failed resource load on every silent check without a provider session.
      const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse;
      res.writeHead = ((status: number, ...rest: unknown[]) =>
        writeHead(status === 400 ? 200 : status, ...rest)) as typeof res.writeHead;
    }
    // oidc-provider reads a body itself, refusing more than its own 56 KB with a 400. A declared
    // length over the stack's cap got its 413 above; a streamed body (no Content-Length) is read
    // here first, capped like every body (413, decision 012), and handed over already read
    // (oidc-provider then takes `req.body`).
    if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] !== undefined) {
      readRawBody(req)
        .then((body) => {
          (req as IncomingMessage & { body?: string }).body = body.toString('utf8');
          callback(req, res);
        })
        .catch(fail);
      return;
    }
    callback(req, res);
  }

  return { issuer, provider, publicJwks, handle, mintAccessToken };
}
