import { describe, expect, it } from 'vitest';
import { joinPracticeCodeSearch, onboardingSearch } from './search-schemas';
import { parseSearch, stringifySearch } from './search-serialization';

describe('search serialization', () => {
  it('writes string values verbatim (no JSON quoting of numeric-looking strings)', () => {
    expect(stringifySearch({ pin: '1234' })).toBe('?pin=1234');
    expect(stringifySearch({ code: 'joinau01', forceLogin: false })).toBe('?code=joinau01&forceLogin=false');
  });

  it('reads what the route schemas turn back into the same strings', () => {
    const pin = onboardingSearch;
    expect(pin(parseSearch('?pin=1234'))).toEqual({ pin: '1234' });
    expect(pin(parseSearch('?pin=0123'))).toEqual({ pin: '0123' });
    expect(pin(parseSearch('?pin=%221234%22'))).toEqual({ pin: undefined });
    const code = joinPracticeCodeSearch;
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

describe('route search validators (plain functions, no schema built at load)', () => {
  it('reads forceLogin as yup read it and keeps the code', () => {
    const read = (query: string) => joinPracticeCodeSearch(parseSearch(query));
    expect(read('?forceLogin=TRUE&code=abc')).toEqual({ forceLogin: true, code: 'abc' });
    expect(read('?forceLogin=0&code=abc')).toEqual({ forceLogin: false, code: 'abc' });
    expect(read('?forceLogin=maybe&code=%20abc%20')).toEqual({ forceLogin: undefined, code: 'abc' });
    expect(read('?code=')).toEqual({ forceLogin: undefined, code: undefined });
  });

  it('drops text over 2048 characters and anything that is not a single value', () => {
    expect(joinPracticeCodeSearch({ code: 'x'.repeat(2049) }).code).toBeUndefined();
    expect(joinPracticeCodeSearch({ code: ['a', 'b'] }).code).toBeUndefined();
    expect(onboardingSearch({ pin: 1234 })).toEqual({ pin: '1234' });
    expect(onboardingSearch({ pin: '12345' })).toEqual({ pin: undefined });
  });
});
