import { describe, expect, it } from 'vitest';
import { inviteCodeSearch, onboardingSearch, syncSearch } from '../../../src/app/search-schemas';
import { parseSearch, stringifySearch } from '../../../src/app/search-serialization';

describe('search serialization', () => {
  it('writes string values verbatim (no JSON quoting of numeric-looking strings)', () => {
    expect(stringifySearch({ pin: '1234' })).toBe('?pin=1234');
    expect(stringifySearch({ code: 'joinau01', forceLogin: false })).toBe('?code=joinau01&forceLogin=false');
  });

  it('reads what the route schemas turn back into the same strings', () => {
    const pin = syncSearch(onboardingSearch);
    expect(pin(parseSearch('?pin=1234'))).toEqual({ pin: '1234' });
    expect(pin(parseSearch('?pin=0123'))).toEqual({ pin: '0123' });
    expect(pin(parseSearch('?pin=%221234%22'))).toEqual({ pin: undefined });
    const code = syncSearch(inviteCodeSearch);
    expect(code(parseSearch('?forceLogin=false&code=joinau01'))).toEqual({
      forceLogin: false,
      code: 'joinau01',
    });
  });

  it('round-trips text values', () => {
    const search = { practiceKey: 'P-0001', redirectUri: 'http://localhost:4003/x?y=1' };
    expect(parseSearch(stringifySearch(search))).toEqual(search);
  });
});
