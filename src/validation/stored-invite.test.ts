import { describe, expect, it } from 'vitest';
import { storedInviteOf } from './stored-invite';

describe('the stored invite schema', () => {
  it('reads an invite: a non-empty practiceKey, and redirectUri when it is a non-empty string', () => {
    expect(storedInviteOf({ practiceKey: 'uk-camden', redirectUri: 'http://uk.example.test/x' })).toEqual({
      practiceKey: 'uk-camden',
      redirectUri: 'http://uk.example.test/x',
    });
    for (const redirectUri of [undefined, null, '', 5, { toString: 1, valueOf: 2 }]) {
      expect(storedInviteOf({ practiceKey: 'uk-camden', redirectUri })).toEqual({
        practiceKey: 'uk-camden',
        redirectUri: null,
      });
    }
    expect(storedInviteOf({ practiceKey: ' ', other: 1 })).toEqual({ practiceKey: ' ', redirectUri: null });
  });

  it('anything else is no invite', () => {
    for (const value of [null, undefined, 5, 'uk-camden', [], ['uk-camden'], {}, { practiceKey: '' }]) {
      expect(storedInviteOf(value)).toBeNull();
    }
    for (const practiceKey of [42, true, null, { toString: 1 }, ['uk-camden']]) {
      expect(storedInviteOf({ practiceKey })).toBeNull();
    }
  });
});
