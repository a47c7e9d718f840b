import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import type { Duplex } from 'node:stream';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { RegionKey } from '#machines/domain';
import { readDeploymentSettings } from '../deploy/settings';
import { createApi, type TokenClaims } from './api/index';
import { sendFailure, sendProblem } from './api/responses';
import { createStaticHandler, readHostingPolicy, securityHeaders } from './app';
import { type Db, openDatabase, wipe } from './db';
import { createEnvironment } from './environments';
import { BodyError, closeServer, listen, readJsonBody, sendJson } from './http-util';
import { attachHub, type Hub } from './hub/index';
import { createIdp } from './idp/index';
import { legalPaths, serveLegalPage } from './legal';
import { sendVerificationEmail } from './mail';
import { createMailbox } from './mailbox';
import { createRepo, type Repo } from './repo';
import type { FaultPoint } from './repo/shared';
import { seed, seedAccounts, seedIfEmpty } from './seed';
import { createUserEventBus, type UserEventBus } from './user-events';

export interface StackOptions {
  /** Host name of every origin (default 'localhost'; keep the app and the IdP on the same site). */
  host?: string;
  /**
   * Address the servers listen on when `host` is a name only the browser resolves (e2e runs the
   * app on e.g. 'app.test' with Chromium's --host-resolver-rules so session cleanup, skipped on
   * localhost, is exercised). Default: `host`.
   */
  bindHost?: string;
  /**
   * Host name of the identity provider alone (default `host`): e.g. '127.0.0.1' against an app on
   * 'localhost' puts the provider on another site, as in production (its cookies are third-party
   * inside the app's hidden frame). The provider listens on this address.
   */
  idpHost?: string;
  /** default 4000 (env PORT); 0 = free port */
  appPort?: number;
  /** default 4001; 0 = free */
  idpPort?: number;
  /** default 4002; 0 = free */
  mailboxPort?: number;
  /** default 4003; 0 = free */
  auPort?: number;
  /** default 4004; 0 = free */
  ukPort?: number;
  /** default ./.data ; tests pass a fresh temp dir */
  dataDir?: string;
  /** built SPA (default ./dist); absent → API only */
  distDir?: string;
  /** default 4000 */
  activationDelayMs?: number;
  /** what /api/clientconfig/auth advertises (default false) */
  useRefreshTokens?: boolean;
  /** default 'memory' */
  cacheLocation?: 'memory' | 'localstorage';
  /** Extra app origins the IdP accepts for redirects, logout and CORS (e.g. 'http://127.0.0.1:4000'). */
  extraAppOrigins?: string[];
  /** Test-only routes (`/__test/*` on the app and the IdP). Never on by default. */
  testHooks?: boolean;
  /** Hub keep-alive and client timeout (ms), for tests. */
  hubKeepAliveMs?: number;
  hubClientTimeoutMs?: number;
  quiet?: boolean;
}

export interface Stack {
  appUrl: string;
  idpUrl: string;
  mailboxUrl: string;
  environments: { au: string; uk: string };
  /** The better-sqlite3 database handle. */
  db: Db;
  /** Data access used by the API and the IdP (tests may read through it). */
  repo: Repo;
  events: UserEventBus;
  /** The API's routes (method and path pattern): tests check they cover every one. */
  apiRoutes: { method: string; path: RegExp }[];
  clientId: string;
  audience: string;
  /** Signs an access token for a user exactly as the IdP does (tests). */
  mintAccessToken(sub: string, options?: { expiresInSeconds?: number }): Promise<string>;
  stop(): Promise<void>;
}

const CLIENT_ID = 'practice-onboarding-spa';
export const AUDIENCE = 'https://api.practice-portal.example';

function portFrom(value: number | undefined, env: string | undefined, fallback: number): number {
  if (value !== undefined) return value;
  if (env !== undefined && env !== '' && Number.isInteger(Number(env))) return Number(env);
  return fallback;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** Starts the whole local stack: app (SPA + /api + hub), IdP, mailbox, AU and UK environments. */
export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const host = opts.host ?? 'localhost';
  const bindHost = opts.bindHost ?? host;
  const log = (...args: unknown[]) => {
    if (!opts.quiet) console.log(...args);
  };

  // Servers first (ports may be 0): every URL must be known before the IdP is configured.
  const handlers = new Map<Server, Handler>();
  const makeServer = () => {
    const server = createServer((req, res) => {
      const handler = handlers.get(server);
      if (handler) handler(req, res);
      else {
        res.writeHead(503);
        res.end('starting');
      }
    });
    server.keepAliveTimeout = 5000;
    return server;
  };
  const servers = {
    app: makeServer(),
    idp: makeServer(),
    mailbox: makeServer(),
    au: makeServer(),
    uk: makeServer(),
  };
  const ports = {
    app: await listen(servers.app, bindHost, portFrom(opts.appPort, process.env.PORT, 4000)),
    idp: await listen(servers.idp, opts.idpHost ?? bindHost, opts.idpPort ?? 4001),
    mailbox: await listen(servers.mailbox, bindHost, opts.mailboxPort ?? 4002),
    au: await listen(servers.au, bindHost, opts.auPort ?? 4003),
    uk: await listen(servers.uk, bindHost, opts.ukPort ?? 4004),
  };
  const origin = (port: number) => `http://${host}:${port}`;
  const appUrl = origin(ports.app);
  const idpUrl = opts.idpHost ? `http://${opts.idpHost}:${ports.idp}` : origin(ports.idp);
  const mailboxUrl = origin(ports.mailbox);
  const environments: Record<RegionKey, string> = { au: origin(ports.au), uk: origin(ports.uk) };
  const dataDir = resolve(opts.dataDir ?? '.data');
  const testHooks = opts.testHooks === true;

  const db = openDatabase(dataDir);
  const repo = createRepo(db, { environments });
  const seedData = () => {
    seed(db);
    sendVerificationEmail(repo, idpUrl, seedAccounts.unverified.email);
  };
  if (seedIfEmpty(db)) sendVerificationEmail(repo, idpUrl, seedAccounts.unverified.email);
  const events = createUserEventBus();

  const appOrigins = [appUrl, ...(opts.extraAppOrigins ?? [])];
  const idp = await createIdp({
    origin: idpUrl,
    appOrigins,
    clientId: CLIENT_ID,
    audience: AUDIENCE,
    repo,
    dataDir,
    appUrl,
    testHooks,
    quiet: opts.quiet === true,
    onEmailVerified: (email, subs) => {
      for (const sub of subs) {
        events.publish(sub, { type: 'email', payload: { address: email, verified: true } });
        events.publish(sub, { type: 'invites', payload: repo.pendingInvites(email) });
      }
    },
  });

  // Fetched over the bind address: `host` may be a name only the browser resolves.
  const jwks = createRemoteJWKSet(
    new URL(`http://${opts.idpHost ?? bindHost}:${ports.idp}/.well-known/jwks.json`),
  );
  async function verifyToken(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, jwks, {
        issuer: idp.issuer,
        audience: AUDIENCE,
        algorithms: ['RS256'],
      });
      if (typeof payload.sub !== 'string' || payload.sub === '') return null;
      return {
        sub: payload.sub,
        email: typeof payload.email === 'string' ? payload.email : undefined,
        email_verified: payload.email_verified === true,
      };
    } catch {
      return null;
    }
  }

  // Activation: a registered practice joins its registrant's list after activationDelayMs.
  const timers = new Map<string, NodeJS.Timeout>();
  const activate = (practiceKey: string) => {
    timers.delete(practiceKey);
    try {
      const result = repo.activatePractice(practiceKey);
      if (result) events.publish(result.sub, { type: 'practices', payload: repo.userPractices(result.sub) });
    } catch (error) {
      console.error('activation failed', practiceKey, error);
    }
  };
  const scheduleActivation = (practiceKey: string, at: Date) => {
    const existing = timers.get(practiceKey);
    if (existing) clearTimeout(existing);
    const delay = Math.max(0, at.getTime() - Date.now());
    const timer = setTimeout(() => activate(practiceKey), delay);
    timer.unref();
    timers.set(practiceKey, timer);
  };
  for (const pending of repo.pendingPractices()) {
    scheduleActivation(pending.practiceKey, pending.activateAt ? new Date(pending.activateAt) : new Date());
  }
  const clearTimers = () => {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
  };

  const site = readDeploymentSettings();
  const api = createApi({
    repo,
    events,
    verifyToken,
    appUrl,
    idpUrl,
    clientId: CLIENT_ID,
    audience: AUDIENCE,
    environments,
    useRefreshTokens: opts.useRefreshTokens ?? false,
    cacheLocation: opts.cacheLocation ?? 'memory',
    activationDelayMs: opts.activationDelayMs ?? 4000,
    scheduleActivation,
    // The deployment's settings (deploy/settings.json, DEPLOY_SETTINGS, APP_*), the ones the build
    // prerendered the first screens with (decision 117); the legal documents are the stack's own.
    site: {
      productName: site.productName,
      productDomain: site.productDomain,
      marketingSiteUrl: site.marketingSiteUrl,
      supportEmail: site.supportEmail,
      supportUrl: site.supportUrl,
      termsUrl: `${appUrl}${legalPaths.terms}`,
      privacyUrl: `${appUrl}${legalPaths.privacy}`,
    },
  });

  /**
   * The network as the browser sees it (testHooks only): while `networkCut`, every app-origin
   * request except `/__test/*` has its socket destroyed (no answer) and open connections (hub
   * WebSockets, keep-alive sockets) are dropped — a cut that works in every browser engine. With
   * `paths` (`{ cut: true, paths: ['/assets/'] }`) only the requests under them are cut, and open
   * connections stay (the origin gone for a part of its files, as after the page arrived). With
   * `hold` as well, those requests are not dropped but kept unanswered until the cut is lifted,
   * then answered (a request that stalls on a slow connection and finishes after all).
   * `buildTimeOverride` answers /meta.json with another build time (a deploy while the page is open).
   */
  let networkCut = false;
  /** Only the requests whose path starts with one of these are cut (none: every request). */
  let networkCutPaths: string[] = [];
  /** Requests are held (answered when the cut is lifted), not dropped. */
  let networkHold = false;
  const heldRequests: Array<() => void> = [];
  let buildTimeOverride: string | null = null;
  const appSockets = new Set<Duplex>();

  /** App-origin test hooks (testHooks only): reset, fault injection, immediate activation. */
  async function appTestHook(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (req.method !== 'POST') {
      sendJson(res, 405, { message: 'POST only' });
      return;
    }
    const body = ((await readJsonBody(req)) ?? {}) as Record<string, unknown>;
    switch (url.pathname) {
      case '/__test/reset':
        clearTimers();
        repo.faults.clear();
        wipe(db);
        seedData();
        sendJson(res, 200, { reset: true });
        return;
      case '/__test/faults': {
        const point = body.point;
        const known: FaultPoint[] = [
          'registerPractice.afterPracticeInsert',
          'acceptInvite.afterMembershipInsert',
        ];
        if (typeof point !== 'string' || !known.includes(point as FaultPoint)) {
          sendJson(res, 400, { message: `point must be one of ${known.join(', ')}` });
          return;
        }
        repo.faults.arm(point as FaultPoint);
        sendJson(res, 200, { armed: point });
        return;
      }
      case '/__test/activate': {
        const keys =
          typeof body.practiceKey === 'string'
            ? [body.practiceKey]
            : repo.pendingPractices().map((pending) => pending.practiceKey);
        for (const key of keys) {
          const timer = timers.get(key);
          if (timer) clearTimeout(timer);
          activate(key);
        }
        sendJson(res, 200, { activated: keys });
        return;
      }
      case '/__test/network': {
        if (typeof body.cut !== 'boolean') {
          sendJson(res, 400, { message: 'cut must be true or false' });
          return;
        }
        if (
          body.paths !== undefined &&
          (!Array.isArray(body.paths) || !body.paths.every((p) => typeof p === 'string' && p.startsWith('/')))
        ) {
          sendJson(res, 400, { message: 'paths must be a list of paths starting with /' });
          return;
        }
        if (body.hold !== undefined && (typeof body.hold !== 'boolean' || !Array.isArray(body.paths))) {
          sendJson(res, 400, { message: 'hold must be true or false, with paths' });
          return;
        }
        networkCut = body.cut;
        networkCutPaths = networkCut ? ((body.paths as string[] | undefined) ?? []) : [];
        networkHold = networkCut && body.hold === true;
        if (!networkCut) for (const answer of heldRequests.splice(0)) answer();
        if (networkCut && networkCutPaths.length === 0) {
          // Every open connection but this one goes, as a dropped network takes them.
          for (const socket of appSockets) if (socket !== req.socket) socket.destroy();
        }
        sendJson(res, 200, { cut: networkCut }, { Connection: 'close' });
        return;
      }
      case '/__test/build-time': {
        if (
          body.buildTime !== null &&
          (typeof body.buildTime !== 'string' || Number.isNaN(Date.parse(body.buildTime)))
        ) {
          sendJson(res, 400, { message: 'buildTime must be an ISO date or null' });
          return;
        }
        buildTimeOverride = body.buildTime;
        sendJson(res, 200, { buildTime: buildTimeOverride });
        return;
      }
      default:
        sendJson(res, 404, { message: 'unknown test hook' });
    }
  }

  const distDir = resolve(opts.distDir ?? 'dist');
  // The security policy and the hosting rules are the build's own (dist-hosting/hosting.json), the ones
  // the production server and the generated host files apply (docs/decisions/115-hosting-policy-artifact.md).
  const policy = () => readHostingPolicy(distDir);
  const serveStatic = createStaticHandler(distDir, new Date(), policy);
  const headers = () => securityHeaders({ appUrl, idpUrl, policy: policy() });

  handlers.set(servers.app, (req, res) => {
    const url = new URL(req.url ?? '/', appUrl);
    for (const [name, value] of Object.entries(headers())) res.setHeader(name, value);
    const fail = (error: unknown) => {
      if (error instanceof BodyError && !res.headersSent) {
        // A body the client should not have sent (too large, not JSON): 413 / 400, not a crash.
        sendJson(res, error.reason === 'too-large' ? 413 : 400, { message: error.message });
        return;
      }
      console.error('[stack] unhandled error', req.method, url.pathname, error);
      if (!res.headersSent) {
        if (url.pathname.startsWith('/api/')) {
          sendProblem(res, {
            status: 500,
            title: 'Internal Server Error',
            detail: 'An unexpected error occurred.',
            instance: url.pathname,
          });
        } else sendFailure(res, 500, 'An unexpected error occurred.');
      } else res.end();
    };
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
      api.handle(req, res, url).catch(fail);
      return;
    }
    if (url.pathname.startsWith('/__test/')) {
      if (!testHooks) sendJson(res, 404, { message: 'Not found' });
      else appTestHook(req, res, url).catch(fail);
      return;
    }
    if (url.pathname.startsWith('/sockets/')) {
      // The hub answers /sockets/appstate itself (it wraps this handler); anything else is unknown.
      sendJson(res, 404, { message: 'Not found' });
      return;
    }
    if (serveLegalPage(res, url.pathname)) return;
    if (testHooks && buildTimeOverride !== null && url.pathname === '/meta.json') {
      sendJson(res, 200, { buildTime: buildTimeOverride });
      return;
    }
    serveStatic(req, res, url);
  });

  // The hub registers its own 'request' and 'upgrade' listeners for /sockets/appstate.
  const hub: Hub = attachHub(servers.app, {
    path: '/sockets/appstate',
    verifyToken,
    events,
    getState: (sub) => repo.userState(sub),
    ...(opts.hubKeepAliveMs ? { keepAliveMs: opts.hubKeepAliveMs } : {}),
    ...(opts.hubClientTimeoutMs ? { clientTimeoutMs: opts.hubClientTimeoutMs } : {}),
  });

  // The network cut (test hooks only): in front of every request and upgrade listener, the hub's too.
  let removeNetworkGate = () => {};
  if (testHooks) {
    const server = servers.app;
    const onConnection = (socket: Duplex) => {
      appSockets.add(socket);
      socket.once('close', () => appSockets.delete(socket));
    };
    server.on('connection', onConnection);
    const isTestHook = (req: IncomingMessage) => (req.url ?? '').startsWith('/__test/');
    const gate = <A extends unknown[]>(event: 'request' | 'upgrade') => {
      const inner = server.listeners(event) as Array<(req: IncomingMessage, ...rest: A) => void>;
      server.removeAllListeners(event);
      const gated = (req: IncomingMessage, ...rest: A) => {
        const path = req.url ?? '';
        if (
          networkCut &&
          !isTestHook(req) &&
          (networkCutPaths.length === 0 || networkCutPaths.some((prefix) => path.startsWith(prefix)))
        ) {
          const answer = () => {
            for (const listener of inner) listener.call(server, req, ...rest);
          };
          if (networkHold && event === 'request') heldRequests.push(answer);
          else req.socket.destroy();
          return;
        }
        for (const listener of inner) listener.call(server, req, ...rest);
      };
      server.on(event, gated);
      return () => {
        server.off(event, gated);
        for (const listener of inner) server.on(event, listener);
      };
    };
    const ungateRequests = gate<[ServerResponse]>('request');
    const ungateUpgrades = gate<[Duplex, Buffer]>('upgrade');
    removeNetworkGate = () => {
      ungateRequests();
      ungateUpgrades();
      server.off('connection', onConnection);
    };
  }

  handlers.set(servers.idp, (req, res) => idp.handle(req, res));
  handlers.set(servers.mailbox, createMailbox(repo));
  handlers.set(servers.au, createEnvironment('au', repo));
  handlers.set(servers.uk, createEnvironment('uk', repo));

  log(`App          ${appUrl}`);
  log(`Identity     ${idpUrl}  (issuer ${idp.issuer}, client ${CLIENT_ID}, audience ${AUDIENCE})`);
  log(`Mailbox      ${mailboxUrl}`);
  log(`AU           ${environments.au}`);
  log(`UK           ${environments.uk}`);
  log(`Data         ${dataDir}${testHooks ? '  (test hooks ON)' : ''}`);

  let stopped = false;
  return {
    appUrl,
    idpUrl,
    mailboxUrl,
    environments,
    db,
    repo,
    events,
    apiRoutes: api.routes,
    clientId: CLIENT_ID,
    audience: AUDIENCE,
    mintAccessToken: (sub, options) => idp.mintAccessToken(sub, options),
    async stop() {
      if (stopped) return;
      stopped = true;
      clearTimers();
      removeNetworkGate();
      await hub.close();
      await Promise.all(Object.values(servers).map((server) => closeServer(server)));
      db.close();
    },
  };
}
