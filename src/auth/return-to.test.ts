import { describe, expect, it } from 'vitest';
import {
  cleanupReturnTo,
  guardReturnTo,
  logoutReturnTo,
  sameOriginTarget,
  screenHintFor,
  withoutQueryParam,
} from './return-to';

const origin = 'http://app.test:8080';

describe('return targets', () => {
  it('accepts same-origin paths and URLs only', () => {
    expect(sameOriginTarget('/a?b=1#c', origin)).toBe('/a?b=1#c');
    expect(sameOriginTarget(`${origin}/x?y=2`, origin)).toBe('/x?y=2');
    expect(sameOriginTarget('//evil.example/x', origin)).toBeNull();
    expect(sameOriginTarget('/\\evil.example', origin)).toBeNull();
    expect(sameOriginTarget('https://evil.example/x', origin)).toBeNull();
    expect(sameOriginTarget('javascript:alert(1)', origin)).toBeNull();
    expect(sameOriginTarget('', origin)).toBeNull();
  });

  it('guard: callback URL, else given target, else current location', () => {
    expect(guardReturnTo({ callbackUrl: '/cb', returnTo: '/given', current: '/here?q#h', origin })).toBe(
      '/cb',
    );
    expect(
      guardReturnTo({ callbackUrl: 'https://evil.example', returnTo: '/given', current: '/here', origin }),
    ).toBe('/given');
    expect(guardReturnTo({ callbackUrl: null, returnTo: undefined, current: '/here?q=1#h', origin })).toBe(
      '/here?q=1#h',
    );
  });

  it("paths containing 'signup' ask for the sign-up screen", () => {
    expect(screenHintFor('/invite/signup')).toBe('signup');
    expect(screenHintFor('/switch-practice')).toBe('login');
  });

  it('logout return-to: single-slash path on own origin, allowed origins as given, anything else home', () => {
    const allowed = ['https://au.example'];
    expect(logoutReturnTo('/bye', origin, allowed)).toBe(`${origin}/bye`);
    expect(logoutReturnTo('//evil.example/x', origin, allowed)).toBe(`${origin}/`);
    expect(logoutReturnTo('https://au.example/p?q=1', origin, allowed)).toBe('https://au.example/p?q=1');
    expect(logoutReturnTo('https://evil.example/', origin, allowed)).toBe(`${origin}/`);
    expect(logoutReturnTo(undefined, origin, allowed)).toBe(`${origin}/`);
  });

  it('removes one query parameter', () => {
    expect(withoutQueryParam(`${origin}/a?loginHint=x&b=1#h`, 'loginHint')).toBe(`${origin}/a?b=1#h`);
  });
});

// Spec §4, Session cleanup: "a logout runs that returns to the callback URL parameter, else the
// default logout return target, else the current location."
describe('cleanupReturnTo (spec §4 session cleanup)', () => {
  it('the callback URL parameter first', () => {
    expect(
      cleanupReturnTo({ callbackUrl: '/invite?x=1', defaultLogoutReturnTo: '/bye', current: '/here' }),
    ).toBe('/invite?x=1');
  });
  it('else the default logout return target', () => {
    expect(cleanupReturnTo({ callbackUrl: null, defaultLogoutReturnTo: '/bye', current: '/here' })).toBe(
      '/bye',
    );
    expect(cleanupReturnTo({ callbackUrl: '  ', defaultLogoutReturnTo: '/bye', current: '/here' })).toBe(
      '/bye',
    );
  });
  it('else the current location', () => {
    expect(
      cleanupReturnTo({ callbackUrl: undefined, defaultLogoutReturnTo: null, current: '/here?a=1#b' }),
    ).toBe('/here?a=1#b');
  });
});
