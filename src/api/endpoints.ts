/**
 * Every call of spec §7, declared once with its request and response types (machines/domain.ts).
 * Response shapes follow the local stack: the user-practice list is `{ userPractices }`,
 * register-practice answers `{ isSuccess: true, data: practiceKey }`, invite-code answers a
 * UserPractice. Failures reject with `ApiError` (client.ts).
 */
import type {
  ActivePracticeResponse,
  AppConfig,
  AuthConfig,
  Device,
  DirectoryPractice,
  Invite,
  PracticeRegistration,
  Profile,
  ProviderCode,
  UserPractice,
} from '#machines/domain';
import { type ApiClient, ApiError, apiMessages, clientStatus, messageText } from './client';

/** Body of POST /api/profile/. */
export type ProfilePayload = Pick<Profile, 'firstName' | 'lastName' | 'email' | 'phone' | 'dateOfBirth'> & {
  verifiedEmail?: boolean;
};

export interface BuildInfo {
  buildTime: string;
}

export interface Endpoints {
  /** GET /api/clientconfig/app (no auth). */
  clientConfigApp(): Promise<AppConfig>;
  /** GET /api/clientconfig/auth (no auth). */
  clientConfigAuth(): Promise<AuthConfig>;
  /** GET /api/sharedDirectoryPractice/{key} (no auth). */
  sharedDirectoryPractice(key: string): Promise<DirectoryPractice>;
  /** GET /api/userpractice/ → the list, sorted by practiceName by the server. */
  userPractices(): Promise<UserPractice[]>;
  /** GET /api/userpractice/ → the pending invites the answer carries beside `userPractices`. */
  pendingInvites(): Promise<Invite[]>;
  /** GET /api/userpractice/active. */
  activePractice(): Promise<ActivePracticeResponse>;
  /** POST /api/userpractice/active { practiceKey }. */
  setActivePractice(practiceKey: string): Promise<void>;
  /** POST /api/userpractice/invite { practiceKey, email? } → the joined practice. */
  acceptInvite(practiceKey: string, email?: string): Promise<UserPractice>;
  /** POST /api/userpractice/invite-code { inviteCode } → the practice (practiceKey, environmentUrl). */
  joinByInviteCode(inviteCode: string): Promise<UserPractice>;
  /** GET /api/profile/. */
  profile(): Promise<Profile>;
  /** GET /api/profile/exists. */
  profileExists(): Promise<boolean>;
  /** POST /api/profile/. */
  createProfile(profile: ProfilePayload): Promise<void>;
  /** GET /api/profile/alternate-providers?email= → provider codes. */
  alternateProviders(email: string): Promise<ProviderCode[]>;
  /** POST /api/profile/verify-email { email }: with the token when signed in, without otherwise. */
  verifyEmail(email: string, authenticated?: boolean): Promise<void>;
  /** POST /api/profile/resend-verification-email (no payload). */
  resendVerificationEmail(): Promise<void>;
  /** POST /api/onboarding/verify-pin { pin }. */
  verifyPin(pin: string): Promise<void>;
  /** POST /api/onboarding/fetch-devices { pin } → the companion app's devices. */
  fetchDevices(pin: string): Promise<Device[]>;
  /** POST /api/onboarding/register-practice → the new practiceKey. */
  registerPractice(registration: PracticeRegistration): Promise<string>;
  /** GET /meta.json?t=timestamp (no auth; on the app origin). */
  meta(): Promise<BuildInfo>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function createEndpoints(client: ApiClient, now: () => number = Date.now): Endpoints {
  const enc = encodeURIComponent;
  /** GET /api/userpractice/ read whole: the list, and the pending invites beside it (or a bare list). */
  const userPracticeLists = async (): Promise<{ userPractices: UserPractice[]; invites: Invite[] }> => {
    const answer = await client.request<
      { userPractices?: UserPractice[]; invites?: Invite[] } | UserPractice[]
    >('/api/userpractice/');
    if (Array.isArray(answer)) return { userPractices: answer, invites: [] };
    return { userPractices: answer?.userPractices ?? [], invites: answer?.invites ?? [] };
  };
  return {
    clientConfigApp: () => client.request<AppConfig>('/api/clientconfig/app', { auth: false }),
    clientConfigAuth: () => client.request<AuthConfig>('/api/clientconfig/auth', { auth: false }),
    sharedDirectoryPractice: (key) =>
      client.request<DirectoryPractice>(`/api/sharedDirectoryPractice/${enc(key)}`, { auth: false }),
    userPractices: async () => (await userPracticeLists()).userPractices,
    pendingInvites: async () => (await userPracticeLists()).invites,
    activePractice: () => client.request<ActivePracticeResponse>('/api/userpractice/active'),
    setActivePractice: async (practiceKey) => {
      await client.request<unknown>('/api/userpractice/active', { method: 'POST', body: { practiceKey } });
    },
    acceptInvite: (practiceKey, email) =>
      client.request<UserPractice>('/api/userpractice/invite', {
        method: 'POST',
        body: email === undefined ? { practiceKey } : { practiceKey, email },
      }),
    joinByInviteCode: (inviteCode) =>
      client.request<UserPractice>('/api/userpractice/invite-code', { method: 'POST', body: { inviteCode } }),
    profile: () => client.request<Profile>('/api/profile/'),
    profileExists: async () => {
      const answer = await client.request<unknown>('/api/profile/exists');
      if (typeof answer === 'boolean') return answer;
      if (isObject(answer)) {
        const flag = answer.exists ?? answer.profileExists ?? answer.hasProfile ?? answer.data;
        return flag === true;
      }
      return false;
    },
    createProfile: async (profile) => {
      await client.request<unknown>('/api/profile/', { method: 'POST', body: profile });
    },
    alternateProviders: (email) =>
      client.request<ProviderCode[]>('/api/profile/alternate-providers', { query: { email } }),
    verifyEmail: async (email, authenticated = true) => {
      await client.request<unknown>('/api/profile/verify-email', {
        method: 'POST',
        body: { email },
        auth: authenticated,
      });
    },
    resendVerificationEmail: async () => {
      await client.request<unknown>('/api/profile/resend-verification-email', { method: 'POST' });
    },
    verifyPin: async (pin) => {
      await client.request<unknown>('/api/onboarding/verify-pin', { method: 'POST', body: { pin } });
    },
    fetchDevices: (pin) =>
      client.request<Device[]>('/api/onboarding/fetch-devices', { method: 'POST', body: { pin } }),
    registerPractice: async (registration) => {
      const answer = await client.request<{ isSuccess?: boolean; data?: unknown } | string>(
        '/api/onboarding/register-practice',
        { method: 'POST', body: registration },
      );
      if (typeof answer === 'string' && answer !== '') return answer;
      if (isObject(answer) && typeof answer.data === 'string' && answer.data !== '') return answer.data;
      throw new ApiError({
        status: clientStatus.PARSING_ERROR,
        code: 'PARSING_ERROR',
        message: messageText(apiMessages.default),
        messageDescriptor: apiMessages.default,
        body: answer,
      });
    },
    meta: () => client.request<BuildInfo>('/meta.json', { auth: false, query: { t: now() } }),
  };
}
