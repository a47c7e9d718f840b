import { describe, expect, it } from 'vitest';
import { practiceRedirectOf } from '#machines/join-practice.machine';
import { ApiError } from '../../api/client';
import { NotSignedInError } from '../../auth/token';
import { toCallFailure } from './api';
import { clearInviteLanding } from './invite-landing';
import { toPayload } from './join-practice';
import { firstAllowedUrl } from './redirects';
import {
  clearStoredInvite,
  hasInviteLanding,
  readStoredInvite,
  resolveInviteLink,
  storeInvite,
} from './stored-invite';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('stored invite', () => {
  it('survives a round trip and sets the one-shot landing flag', () => {
    const storage = new MemoryStorage();
    storeInvite({ practiceKey: 'uk-dales', redirectUri: 'http://uk.example/x' }, storage);
    expect(readStoredInvite(storage)).toEqual({
      practiceKey: 'uk-dales',
      redirectUri: 'http://uk.example/x',
    });
    expect(hasInviteLanding(storage)).toBe(true);
    clearInviteLanding(storage);
    expect(hasInviteLanding(storage)).toBe(false);
    expect(readStoredInvite(storage)?.practiceKey).toBe('uk-dales');
    clearStoredInvite(storage);
    expect(readStoredInvite(storage)).toBeNull();
  });

  it('the address wins over the stored invite; without either there is no invite', () => {
    const storage = new MemoryStorage();
    expect(resolveInviteLink({}, storage)).toEqual({ practiceKey: null, redirectUri: null });
    storeInvite({ practiceKey: 'au-bondi', redirectUri: null }, storage);
    expect(resolveInviteLink({}, storage)).toEqual({ practiceKey: 'au-bondi', redirectUri: null });
    expect(resolveInviteLink({ practiceKey: 'uk-camden' }, storage)).toEqual({
      practiceKey: 'uk-camden',
      redirectUri: null,
    });
  });

  it('ignores malformed storage', () => {
    const storage = new MemoryStorage();
    storage.setItem('invite', '{not json');
    expect(readStoredInvite(storage)).toBeNull();
    storage.setItem('invite', JSON.stringify({ practiceKey: 42 }));
    expect(readStoredInvite(storage)).toBeNull();
    storage.setItem('invite.landing', 'true');
    expect(hasInviteLanding(storage)).toBe(false);
  });
});

describe('toCallFailure', () => {
  it('keeps the status, the server message and the field errors', () => {
    const error = new ApiError({
      status: 400,
      code: 'HTTP_ERROR',
      message: 'Phone is invalid',
      fieldErrors: { phone: ['Phone is invalid'] },
    });
    expect(toCallFailure(error)).toEqual({
      status: 400,
      message: 'Phone is invalid',
      fieldErrors: { phone: ['Phone is invalid'] },
    });
  });

  it('drops client-made messages and maps the rest', () => {
    const timeout = new ApiError({
      status: 408,
      code: 'TIMEOUT_ERROR',
      message: 'Request timed out, please try again',
    });
    expect(toCallFailure(timeout)).toEqual({ status: 408, message: null, fieldErrors: {} });
    expect(toCallFailure(new NotSignedInError())).toEqual({ status: 401, message: null, fieldErrors: {} });
    expect(toCallFailure(new Error('boom'))).toEqual({ status: 500, message: null, fieldErrors: {} });
  });
});

describe("the invite pages' profile payload", () => {
  const profile = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.test',
    phone: '0412345678',
    dateOfBirth: '1990-01-02',
  };

  it('sends verifiedEmail: what the provider says of the signed-in address (spec §3, §7)', () => {
    expect(toPayload(profile, { email_verified: true })).toEqual({ ...profile, verifiedEmail: true });
    expect(toPayload(profile, { email_verified: false }).verifiedEmail).toBe(false);
    expect(toPayload(profile, null).verifiedEmail).toBe(false);
  });
});

describe('the redirect after joining a practice', () => {
  const config = {
    app: {
      portals: [
        {
          key: 'uk',
          name: 'UK',
          isPublic: true,
          locales: [],
          isEnvironmentVisible: true,
          url: 'http://uk.example.test',
        },
      ],
    },
    auth: {},
  } as never;
  const environmentUrl = 'http://uk.example.test/practice/uk-camden';

  /** What the edge leaves for: the first allowed of the machine's urls (null → /server-error). */
  const practiceTarget = (context: { redirectUri: string | null; environmentUrl: string }) =>
    firstAllowedUrl(
      practiceRedirectOf({
        redirectUri: context.redirectUri,
        practice: { environmentUrl: context.environmentUrl },
      }).urls,
      config,
    );

  it('an invitation link goes to its redirectUri when allowed, else to the practice', () => {
    expect(practiceTarget({ redirectUri: 'http://uk.example.test/welcome', environmentUrl })).toBe(
      'http://uk.example.test/welcome',
    );
    expect(practiceTarget({ redirectUri: 'http://evil.example/', environmentUrl })).toBe(environmentUrl);
  });

  it('without a redirectUri (an invite code) the practice environment is the target, checked by the redirect', () => {
    expect(practiceRedirectOf({ redirectUri: null, practice: { environmentUrl } })).toEqual({
      urls: [environmentUrl],
    });
    expect(practiceTarget({ redirectUri: null, environmentUrl })).toBe(environmentUrl);
    // An environment outside the allowed origins is never left for: the redirect goes to /server-error.
    expect(practiceTarget({ redirectUri: null, environmentUrl: 'http://evil.example/' })).toBeNull();
  });
});
