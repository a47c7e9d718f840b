import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  ActivePracticeResponse,
  AppConfig,
  AuthConfig,
  PracticeRegistration,
  Profile,
  RegionKey,
} from '#machines/domain';
import type { DeploymentSettings } from '../../deploy/settings';
import { BodyError, readJsonBody, sendJson } from '../http-util';
import { sendVerificationEmail } from '../mail';
import type { Repo } from '../repo';
import { BusinessError, FaultInjected } from '../repo/shared';
import type { UserEventBus } from '../user-events';
import { AttemptCounter, pinLimits } from './rate-limit';
import { sendFailure, sendProblem, sendSuccess, sendValidationProblem } from './responses';
import { type BodyKind, validateBody } from './validation';

/** What a verified access token tells the API. */
export interface TokenClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
}

export interface ApiOptions {
  repo: Repo;
  events: UserEventBus;
  verifyToken(token: string): Promise<TokenClaims | null>;
  appUrl: string;
  idpUrl: string;
  clientId: string;
  audience: string;
  environments: Record<RegionKey, string>;
  useRefreshTokens: boolean;
  cacheLocation: 'memory' | 'localstorage';
  activationDelayMs: number;
  scheduleActivation(practiceKey: string, at: Date): void;
  /** The site settings of the deployment (deploy/settings.ts), as /api/clientconfig/app serves them. */
  site: Pick<
    DeploymentSettings,
    | 'productName'
    | 'productDomain'
    | 'marketingSiteUrl'
    | 'supportEmail'
    | 'supportUrl'
    | 'termsUrl'
    | 'privacyUrl'
  >;
}

type Auth = 'required' | 'optional' | 'none';

interface Context {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  params: string[];
  claims: TokenClaims | null;
  body: unknown;
}

interface Route {
  method: 'GET' | 'POST';
  path: RegExp;
  auth: Auth;
  body?: BodyKind;
  handle(ctx: Context): Promise<void> | void;
}

/** The prefix the real API puts on register-practice failures (the client strips it). */
export const REGISTER_FAILURE_PREFIX = 'Api, Request failed, ';

export function createApi(options: ApiOptions) {
  const { repo, events } = options;

  const publishPractices = (sub: string) =>
    events.publish(sub, { type: 'practices', payload: repo.userPractices(sub) });
  const publishInvites = (sub: string) => {
    const user = repo.getUser(sub);
    events.publish(sub, {
      type: 'invites',
      payload: user?.emailVerified ? repo.pendingInvites(user.email) : [],
    });
  };

  /** The signed-in user, from the IdP's store (fresher than the token's claims). */
  const currentUser = (claims: TokenClaims) => {
    const user = repo.getUser(claims.sub);
    return {
      sub: claims.sub,
      email: user?.email ?? claims.email ?? '',
      emailVerified: user ? user.emailVerified : claims.email_verified === true,
      exists: user !== null,
    };
  };

  const requireVerified = (ctx: Context, prefix = ''): ReturnType<typeof currentUser> | null => {
    const user = currentUser(ctx.claims!);
    if (!user.emailVerified) {
      sendFailure(ctx.res, 403, `${prefix}Your email address has not been verified.`);
      return null;
    }
    return user;
  };

  // Companion pins (decision 080): failed checks per client, checks per pin value.
  const failedPinChecks = new AttemptCounter(pinLimits.perClient);
  const pinChecks = new AttemptCounter(pinLimits.perPin);
  const clientOf = (req: IncomingMessage) => req.socket.remoteAddress ?? 'unknown';
  /** Answers 429 (spec failure shape + Retry-After) when limited; otherwise counts the check. */
  const admitPinCheck = (req: IncomingMessage, res: ServerResponse, pin: string): boolean => {
    const wait = Math.max(failedPinChecks.retryAfterSeconds(clientOf(req)), pinChecks.retryAfterSeconds(pin));
    if (wait > 0) {
      sendFailure(res, 429, `Too many attempts, please try again in ${wait} seconds.`, {
        'Retry-After': String(wait),
      });
      return false;
    }
    pinChecks.record(pin);
    return true;
  };
  const unknownPin = (req: IncomingMessage, res: ServerResponse) => {
    failedPinChecks.record(clientOf(req));
    sendFailure(res, 400, 'Invalid pin');
  };

  const activeResponse = (sub: string): ActivePracticeResponse => {
    const active = repo.activePractice(sub);
    return {
      activePractice: {
        hasActivePractice: active !== null,
        practiceKey: active?.practiceKey ?? null,
        environmentUrl: active?.environmentUrl ?? null,
      },
    };
  };

  const routes: Route[] = [
    {
      method: 'GET',
      path: /^\/api\/clientconfig\/app\/?$/,
      auth: 'none',
      handle: ({ res }) => {
        const config: AppConfig = {
          loglevel: 'INFO',
          portals: [
            {
              key: 'au',
              name: 'Australia',
              isPublic: true,
              locales: ['en-AU'],
              isEnvironmentVisible: false,
              url: options.environments.au,
            },
            {
              key: 'uk',
              name: 'United Kingdom',
              isPublic: true,
              locales: ['en-GB'],
              isEnvironmentVisible: false,
              url: options.environments.uk,
            },
          ],
          ...options.site,
        };
        sendJson(res, 200, config);
      },
    },
    {
      method: 'GET',
      path: /^\/api\/clientconfig\/auth\/?$/,
      auth: 'none',
      handle: ({ res }) => {
        const config: AuthConfig = {
          auth0Domain: options.idpUrl,
          auth0ClientId: options.clientId,
          auth0Audience: options.audience,
          cacheLocation: options.cacheLocation,
          cookieDomain: null,
          useRefreshTokens: options.useRefreshTokens,
          scope: 'openid profile email',
        };
        sendJson(res, 200, config);
      },
    },
    {
      method: 'GET',
      path: /^\/api\/sharedDirectoryPractice\/([^/]+)\/?$/,
      auth: 'none',
      handle: ({ res, params, url }) => {
        let key: string;
        try {
          key = decodeURIComponent(params[0] ?? '');
        } catch {
          // Malformed percent-encoding (e.g. %ZZ): the client's mistake, not a crash (decision 012).
          sendValidationProblem(res, url.pathname, { key: ['The practice key is not valid.'] });
          return;
        }
        const practice = repo.directoryPractice(key);
        if (!practice) {
          sendProblem(res, {
            status: 404,
            title: 'Not Found',
            detail: 'No directory practice has this key.',
            instance: url.pathname,
          });
          return;
        }
        sendJson(res, 200, practice);
      },
    },
    {
      method: 'GET',
      path: /^\/api\/userpractice\/?$/,
      auth: 'required',
      handle: ({ res, claims }) => {
        const user = currentUser(claims!);
        sendJson(res, 200, {
          userPractices: repo.userPractices(user.sub),
          invites: user.emailVerified ? repo.pendingInvites(user.email) : [],
        });
      },
    },
    {
      method: 'GET',
      path: /^\/api\/userpractice\/state\/?$/,
      auth: 'required',
      handle: ({ res, claims }) => {
        const user = currentUser(claims!);
        const state = repo.userState(user.sub) ?? {
          practices: [],
          invites: [],
          email: { address: user.email, verified: user.emailVerified },
          hasProfile: false,
        };
        sendJson(res, 200, state);
      },
    },
    {
      method: 'GET',
      path: /^\/api\/userpractice\/active\/?$/,
      auth: 'required',
      handle: ({ res, claims }) => sendJson(res, 200, activeResponse(claims!.sub)),
    },
    {
      method: 'POST',
      path: /^\/api\/userpractice\/active\/?$/,
      auth: 'required',
      body: 'practiceKey',
      handle: ({ res, claims, body }) => {
        const { practiceKey } = body as { practiceKey: string };
        repo.setActivePractice(claims!.sub, practiceKey);
        sendJson(res, 200, activeResponse(claims!.sub));
      },
    },
    {
      method: 'POST',
      path: /^\/api\/userpractice\/invite\/?$/,
      auth: 'required',
      body: 'invite',
      handle: (ctx) => {
        const user = requireVerified(ctx);
        if (!user) return;
        const { practiceKey, email } = ctx.body as { practiceKey: string; email?: string | null };
        if (email && email.trim().toLowerCase() !== user.email.toLowerCase()) {
          sendFailure(ctx.res, 403, 'This invite was sent to a different email address.');
          return;
        }
        const practice = repo.acceptInvite(user.sub, user.email, practiceKey);
        publishInvites(user.sub);
        publishPractices(user.sub);
        sendJson(ctx.res, 200, practice);
      },
    },
    {
      method: 'POST',
      path: /^\/api\/userpractice\/invite-code\/?$/,
      auth: 'required',
      body: 'inviteCode',
      handle: (ctx) => {
        const user = requireVerified(ctx);
        if (!user) return;
        const { inviteCode } = ctx.body as { inviteCode: string };
        const practice = repo.joinByInviteCode(user.sub, inviteCode);
        publishPractices(user.sub);
        sendJson(ctx.res, 200, practice);
      },
    },
    {
      method: 'GET',
      path: /^\/api\/profile\/exists\/?$/,
      auth: 'required',
      handle: ({ res, claims }) => sendJson(res, 200, { exists: repo.getProfile(claims!.sub) !== null }),
    },
    {
      method: 'GET',
      path: /^\/api\/profile\/alternate-providers\/?$/,
      auth: 'required',
      handle: ({ res, url, claims }) => {
        const email = (url.searchParams.get('email') ?? '').trim();
        if (!email) {
          sendValidationProblem(res, url.pathname, { email: ['Email is required'] });
          return;
        }
        // Only the caller's own address (decision 080), and only once they proved it: nobody can
        // list the sign-in methods of somebody else's email.
        const user = currentUser(claims!);
        if (user.email.toLowerCase() !== email.toLowerCase()) {
          sendFailure(res, 403, 'You can only look up the sign-in methods of your own email address.');
          return;
        }
        sendJson(res, 200, user.emailVerified ? repo.alternateProviders(user.email, user.sub) : []);
      },
    },
    {
      method: 'GET',
      path: /^\/api\/profile\/?$/,
      auth: 'required',
      handle: ({ res, claims, url }) => {
        const profile = repo.getProfile(claims!.sub);
        if (!profile) {
          sendProblem(res, {
            status: 404,
            title: 'Not Found',
            detail: 'This user has no profile yet.',
            instance: url.pathname,
          });
          return;
        }
        sendJson(res, 200, profile);
      },
    },
    {
      method: 'POST',
      path: /^\/api\/profile\/?$/,
      auth: 'required',
      body: 'profile',
      handle: ({ res, claims, body }) => {
        const user = currentUser(claims!);
        const input = body as Profile;
        const profile = repo.saveProfile(user.sub, {
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          // The email field is disabled in the form: the account's address is authoritative.
          email: user.email || input.email,
          phone: input.phone.trim(),
          dateOfBirth: input.dateOfBirth,
          verifiedEmail: user.emailVerified,
        });
        events.publish(user.sub, { type: 'profile', payload: { hasProfile: true } });
        sendJson(res, 200, profile);
      },
    },
    {
      method: 'POST',
      path: /^\/api\/profile\/verify-email\/?$/,
      auth: 'optional',
      body: 'verifyEmail',
      // Trusts only the identity provider's email_verified (its user store, which is what the
      // token's claim is issued from), never the body: the emailed link is the provider's ticket
      // (decision 080). A `token` in the body is ignored.
      handle: ({ res, claims, body }) => {
        const address = (body as { email: string }).email.trim();
        if (claims) {
          const user = currentUser(claims);
          if (user.email.toLowerCase() !== address.toLowerCase()) {
            sendFailure(res, 400, 'This email address does not belong to the signed-in user.');
            return;
          }
          if (!user.emailVerified) {
            sendFailure(res, 400, 'This email address has not been verified.');
            return;
          }
          events.publish(user.sub, { type: 'email', payload: { address: user.email, verified: true } });
          publishInvites(user.sub);
          sendSuccess(res, { address: user.email, verified: true });
          return;
        }
        // Signed out: the same answer for an unknown and an unverified address.
        const verified = repo.subsWithEmail(address).some((sub) => repo.getUser(sub)?.emailVerified === true);
        if (!verified) {
          sendFailure(res, 400, 'This email address has not been verified.');
          return;
        }
        sendSuccess(res, { address, verified: true });
      },
    },
    {
      method: 'POST',
      path: /^\/api\/profile\/resend-verification-email\/?$/,
      auth: 'required',
      handle: ({ res, claims }) => {
        const user = currentUser(claims!);
        if (!user.email) {
          sendFailure(res, 400, 'This account has no email address.');
          return;
        }
        if (user.emailVerified) {
          sendFailure(res, 400, 'Your email address is already verified.');
          return;
        }
        sendVerificationEmail(repo, options.idpUrl, user.email);
        sendSuccess(res, { address: user.email });
      },
    },
    {
      method: 'POST',
      path: /^\/api\/onboarding\/verify-pin\/?$/,
      auth: 'optional',
      body: 'pin',
      handle: ({ req, res, body }) => {
        const { pin } = body as { pin: string };
        if (!admitPinCheck(req, res, pin)) return;
        if (!repo.pinExists(pin)) {
          unknownPin(req, res);
          return;
        }
        sendSuccess(res, { pin });
      },
    },
    {
      method: 'POST',
      path: /^\/api\/onboarding\/fetch-devices\/?$/,
      auth: 'optional',
      body: 'pin',
      handle: ({ req, res, body }) => {
        const { pin } = body as { pin: string };
        if (!admitPinCheck(req, res, pin)) return;
        if (!repo.pinExists(pin)) {
          unknownPin(req, res);
          return;
        }
        sendJson(res, 200, repo.devicesForPin(pin));
      },
    },
    {
      method: 'POST',
      path: /^\/api\/onboarding\/register-practice\/?$/,
      auth: 'required',
      body: 'registration',
      handle: (ctx) => {
        const user = requireVerified(ctx, REGISTER_FAILURE_PREFIX);
        if (!user) return;
        const registration = ctx.body as PracticeRegistration;
        const hadProfile = repo.getProfile(user.sub) !== null;
        const activateAt = new Date(Date.now() + options.activationDelayMs);
        try {
          const { practiceKey, created } = repo.registerPractice(
            user.sub,
            {
              ...registration,
              profile: { ...registration.profile, email: user.email || registration.profile.email },
            },
            activateAt,
          );
          if (created) options.scheduleActivation(practiceKey, activateAt);
          if (!hadProfile) events.publish(user.sub, { type: 'profile', payload: { hasProfile: true } });
          sendSuccess(ctx.res, practiceKey, created ? 201 : 200);
        } catch (error) {
          if (error instanceof BusinessError) {
            sendFailure(ctx.res, error.status, `${REGISTER_FAILURE_PREFIX}${error.message}`);
            return;
          }
          throw error;
        }
      },
    },
  ];

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const instance = url.pathname;
    const matching = routes.filter((route) => route.path.test(url.pathname));
    if (matching.length === 0) {
      sendProblem(res, {
        status: 404,
        title: 'Not Found',
        detail: `No API endpoint at ${url.pathname}.`,
        instance,
      });
      return;
    }
    const route = matching.find((candidate) => candidate.method === req.method);
    if (!route) {
      const allow = [...new Set(matching.map((candidate) => candidate.method))].join(', ');
      sendProblem(
        res,
        { status: 405, title: 'Method Not Allowed', detail: `Use ${allow} on ${url.pathname}.`, instance },
        { Allow: allow },
      );
      return;
    }
    const params = route.path.exec(url.pathname)?.slice(1) ?? [];

    let claims: TokenClaims | null = null;
    if (route.auth !== 'none') {
      const header = req.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (match?.[1]) claims = await options.verifyToken(match[1]);
      // A valid signature for an account that no longer exists (e.g. after a test reset) is refused.
      const gone = claims !== null && repo.getUser(claims.sub) === null;
      if (gone) claims = null;
      if ((route.auth === 'required' || gone) && !claims) {
        sendProblem(
          res,
          {
            status: 401,
            title: 'Unauthorized',
            detail: gone
              ? 'The user of this access token no longer exists.'
              : match
                ? 'The access token is invalid or has expired.'
                : 'A bearer access token is required.',
            instance,
          },
          { 'WWW-Authenticate': match ? 'Bearer error="invalid_token"' : 'Bearer' },
        );
        return;
      }
    }

    let body: unknown;
    if (route.method === 'POST') {
      try {
        body = await readJsonBody(req);
      } catch (error) {
        if (error instanceof BodyError) {
          const tooLarge = error.reason === 'too-large';
          sendProblem(res, {
            status: tooLarge ? 413 : 400,
            title: tooLarge ? 'Request body too large' : 'Bad request body',
            detail: error.message,
            instance,
          });
          return;
        }
        throw error;
      }
      if (route.body) {
        const errors = await validateBody(route.body, body === undefined ? {} : body);
        if (Object.keys(errors).length > 0) {
          sendValidationProblem(res, instance, errors);
          return;
        }
      }
    }

    try {
      await route.handle({ req, res, url, params, claims, body });
    } catch (error) {
      if (error instanceof BusinessError) {
        sendFailure(res, error.status, error.message);
        return;
      }
      if (error instanceof FaultInjected) {
        sendProblem(res, {
          status: 500,
          title: 'Internal Server Error',
          detail: `${error.message}; the transaction was rolled back.`,
          instance,
        });
        return;
      }
      throw error;
    }
  }

  /** The route table (method and path pattern), for tests that must cover every route. */
  const routeTable = routes.map(({ method, path }) => ({ method, path }));
  return { handle, routes: routeTable };
}
