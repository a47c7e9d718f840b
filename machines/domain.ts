/**
 * Domain types shared by the machines, the API client (src/api) and the local stack (server/).
 * Pure types only: no runtime code lives here. Field names follow spec §3 exactly.
 */

/** Region keys (spec §9): AU is the fallback. */
export type RegionKey = 'au' | 'uk';
export type LocaleCode = 'en-AU' | 'en-GB';

export interface UserPractice {
  practiceKey: string;
  practiceName: string;
  environment: RegionKey;
  environmentUrl: string;
}

export interface Invite {
  practiceKey: string;
  practiceName: string;
}

export interface ActivePracticeResponse {
  activePractice: {
    hasActivePractice: boolean;
    practiceKey: string | null;
    environmentUrl: string | null;
  };
}

export interface Profile {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  verifiedEmail?: boolean;
}

export interface Address {
  address1: string;
  city: string;
  postcode: string;
  state: string;
  country: string;
}

export interface Device {
  deviceKey: string;
  name: string;
  type: string;
}

export type VeterinaryType = 1 | 2 | 3;

export interface PracticeDetails {
  businessName: string;
  businessNumber: string;
  name: string;
  veterinaryType: VeterinaryType;
  email: string;
  phone: string;
  address: Address;
  devices: Device[];
}

export interface RegistrationOptions {
  registeredFromDirectoryPracticeKey: string | null;
}

/** Body of POST /api/onboarding/register-practice (spec §3). */
export interface PracticeRegistration {
  environment: RegionKey;
  practice: PracticeDetails;
  profile: Profile;
  options: RegistrationOptions;
  terms: boolean;
  locale?: LocaleCode;
}

export interface DirectoryPractice {
  key: string;
  name: string;
  email: string;
  practiceKey: string | null;
  address: Omit<Address, 'country'> & { country: string };
}

export interface PortalConfiguration {
  key: RegionKey;
  name: string;
  isPublic: boolean;
  locales: LocaleCode[];
  isEnvironmentVisible: boolean;
  /** Origin of the regional environment (the redirect target). */
  url: string;
}

export type LogLevel = 'TRACE' | 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT';

export interface AppConfig {
  loglevel: LogLevel;
  portals: PortalConfiguration[];
  /** Product-level settings the spec leaves to configuration. */
  productName?: string;
  productDomain?: string;
  marketingSiteUrl?: string;
  supportEmail?: string;
  supportUrl?: string;
  /** The Terms & Conditions and privacy policy documents (opened from the forms' checkboxes). */
  termsUrl?: string;
  privacyUrl?: string;
}

export interface AuthConfig {
  auth0Domain: string;
  auth0ClientId: string;
  auth0Audience: string;
  cacheLocation: 'memory' | 'localstorage';
  cookieDomain: string | null;
  useRefreshTokens: boolean;
  scope: string | null;
}

/** Signed-in user as the identity provider describes it (spec §3). */
export interface SessionUser {
  sub: string;
  name?: string;
  nickname?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  given_name?: string;
  family_name?: string;
  phone_number?: string;
  birthdate?: string;
}

/** The user store (spec §3), kept live by the real-time connection. */
export interface UserState {
  practices: UserPractice[];
  practicesHasLoaded: boolean;
  invites: Invite[];
  email: { address: string; verified: boolean };
  hasProfile: boolean;
}

/**
 * Real-time update messages (spec §3: type and payload), pushed by the hub at /sockets/appstate
 * through the hub method `userState`. Documented in docs/realtime.md.
 */
export type UserStateMessage =
  | { type: 'state'; payload: Omit<UserState, 'practicesHasLoaded'> }
  | { type: 'practices'; payload: UserPractice[] }
  | { type: 'invites'; payload: Invite[] }
  | { type: 'email'; payload: { address: string; verified: boolean } }
  | { type: 'profile'; payload: { hasProfile: boolean } };

/** Provider codes (spec §9). */
export type ProviderCode = 'auth0' | 'waad' | 'windowslive' | 'apple' | 'google-oauth2';
/** Connections the login buttons send (spec §7); `null` is email. */
export type LoginConnection = 'windowslive' | 'apple' | 'google-oauth2' | null;
