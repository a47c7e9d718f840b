import { describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '#machines/domain';
import { allowedUrl, firstAllowedUrl, portalUrlOf, redirectToEnvironment, samePathOn } from './redirects';

const config: AppConfig = {
  loglevel: 'INFO',
  portals: [
    {
      key: 'au',
      name: 'Australia',
      isPublic: true,
      locales: ['en-AU'],
      isEnvironmentVisible: false,
      url: 'http://localhost:4101',
    },
    {
      key: 'uk',
      name: 'United Kingdom',
      isPublic: true,
      locales: ['en-GB'],
      isEnvironmentVisible: true,
      url: 'http://localhost:4102/',
    },
  ],
};
const appOrigin = 'http://localhost:4100';

describe('allowedUrl', () => {
  it.each([
    'http://localhost:4101/practice/au-bondi',
    'http://localhost:4102/practice/uk-camden?x=1',
    'http://localhost:4100/switch-practice',
    '/switch-practice',
  ])('accepts %s', (url) => {
    expect(allowedUrl(url, config, appOrigin)).not.toBeNull();
  });

  it.each([
    'http://evil.example/practice',
    '//evil.example/x',
    '/\\evil.example/x',
    'switch-practice',
    'javascript:alert(1)',
    'http://localhost:4101@evil.example/',
    'http://user:pw@localhost:4101/',
    'https://localhost:4101/',
    'http://localhost:4103/',
    'not a url at all\u0000',
    '',
    null,
    undefined,
  ])('refuses %s', (url) => {
    expect(allowedUrl(url, config, appOrigin)).toBeNull();
  });
});

describe('redirectToEnvironment', () => {
  it('replaces the history entry with an allowed url', () => {
    const replace = vi.fn();
    const onRejected = vi.fn();
    expect(
      redirectToEnvironment('http://localhost:4101/practice/a', config, { appOrigin, replace, onRejected }),
    ).toBe(true);
    expect(replace).toHaveBeenCalledWith('http://localhost:4101/practice/a');
    expect(onRejected).not.toHaveBeenCalled();
  });

  it('refuses anything else', () => {
    const replace = vi.fn();
    const onRejected = vi.fn();
    expect(redirectToEnvironment('http://evil.example/', config, { appOrigin, replace, onRejected })).toBe(
      false,
    );
    expect(replace).not.toHaveBeenCalled();
    expect(onRejected).toHaveBeenCalledWith('http://evil.example/');
  });

  it('accepts the runtime config shape too', () => {
    const replace = vi.fn();
    redirectToEnvironment(
      'http://localhost:4102/',
      { app: config, auth: {} as never },
      { appOrigin, replace },
    );
    expect(replace).toHaveBeenCalledWith('http://localhost:4102/');
  });
});

describe('helpers', () => {
  it('picks the first allowed candidate', () => {
    expect(firstAllowedUrl(['http://evil.example/', 'http://localhost:4101/p'], config, appOrigin)).toBe(
      'http://localhost:4101/p',
    );
    expect(firstAllowedUrl([undefined, 'http://evil.example/'], config, appOrigin)).toBeNull();
  });

  it('finds the portal of a region, AU by default', () => {
    expect(portalUrlOf('uk', config)).toBe('http://localhost:4102/');
    expect(portalUrlOf(null, config)).toBe('http://localhost:4101');
  });

  it('keeps path and query on the base origin only', () => {
    expect(samePathOn('http://localhost:4101/practice/a', '/mobile/x', '?y=1')).toBe(
      'http://localhost:4101/mobile/x?y=1',
    );
    expect(samePathOn('http://localhost:4101', '//evil.example/billing', '')).toBe(
      'http://localhost:4101/evil.example/billing',
    );
    expect(samePathOn('javascript:alert(1)', '/mobile/x', '')).toBeNull();
  });
});
