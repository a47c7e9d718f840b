import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import type { ProviderCode } from '#machines/domain';
import { now, type RepoContext } from './shared';

/** Accounts (the identity provider's user store) and their email-verification tickets. */

export interface UserRecord {
  sub: string;
  connection: ProviderCode;
  email: string;
  emailVerified: boolean;
  name: string | null;
  nickname: string | null;
  givenName: string | null;
  familyName: string | null;
  picture: string | null;
  phoneNumber: string | null;
  birthdate: string | null;
}

export interface NewUser {
  connection: ProviderCode;
  email: string;
  emailVerified: boolean;
  password?: string;
  name?: string | null;
  givenName?: string | null;
  familyName?: string | null;
  picture?: string | null;
  phoneNumber?: string | null;
  birthdate?: string | null;
  sub?: string;
}

interface UserRow {
  sub: string;
  connection: ProviderCode;
  email: string;
  email_verified: number;
  name: string | null;
  nickname: string | null;
  given_name: string | null;
  family_name: string | null;
  picture: string | null;
  phone_number: string | null;
  birthdate: string | null;
  password_hash: string | null;
}

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 32);
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export function verifyPassword(password: string, stored: string | null): boolean {
  if (!stored) return false;
  const [scheme, saltText, hashText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64url');
  const actual = scryptSync(password, Buffer.from(saltText, 'base64url'), expected.length);
  return timingSafeEqual(actual, expected);
}

function toUser(row: UserRow): UserRecord {
  return {
    sub: row.sub,
    connection: row.connection,
    email: row.email,
    emailVerified: row.email_verified === 1,
    name: row.name,
    nickname: row.nickname,
    givenName: row.given_name,
    familyName: row.family_name,
    picture: row.picture,
    phoneNumber: row.phone_number,
    birthdate: row.birthdate,
  };
}

export function createAccounts({ db }: RepoContext) {
  const accounts = {
    getUser(sub: string): UserRecord | null {
      const row = db.prepare('SELECT * FROM users WHERE sub = ?').get(sub) as UserRow | undefined;
      return row ? toUser(row) : null;
    },
    findUserByEmail(connection: ProviderCode, email: string): UserRecord | null {
      const row = db
        .prepare('SELECT * FROM users WHERE connection = ? AND email = ?')
        .get(connection, email.trim()) as UserRow | undefined;
      return row ? toUser(row) : null;
    },
    usersOfConnection(connection: ProviderCode): UserRecord[] {
      return (
        db.prepare('SELECT * FROM users WHERE connection = ? ORDER BY email').all(connection) as UserRow[]
      ).map(toUser);
    },
    checkPassword(email: string, password: string): UserRecord | null {
      const row = db
        .prepare("SELECT * FROM users WHERE connection = 'auth0' AND email = ?")
        .get(email.trim()) as UserRow | undefined;
      if (!row || !verifyPassword(password, row.password_hash)) return null;
      return toUser(row);
    },
    createUser(input: NewUser): UserRecord {
      const email = input.email.trim();
      const sub = input.sub ?? `${input.connection}|${randomBytes(12).toString('hex')}`;
      const local = email.split('@')[0] ?? email;
      const name =
        input.name?.trim() || [input.givenName, input.familyName].filter(Boolean).join(' ') || email;
      db.prepare(
        `INSERT INTO users (sub, connection, email, email_verified, password_hash, name, nickname, given_name,
          family_name, picture, phone_number, birthdate, created_at)
         VALUES (@sub, @connection, @email, @emailVerified, @passwordHash, @name, @nickname, @givenName,
          @familyName, @picture, @phoneNumber, @birthdate, @createdAt)`,
      ).run({
        sub,
        connection: input.connection,
        email,
        emailVerified: input.emailVerified ? 1 : 0,
        passwordHash: input.password ? hashPassword(input.password) : null,
        name,
        nickname: local,
        givenName: input.givenName ?? null,
        familyName: input.familyName ?? null,
        picture: input.picture ?? null,
        phoneNumber: input.phoneNumber ?? null,
        birthdate: input.birthdate ?? null,
        createdAt: now(),
      });
      return accounts.getUser(sub)!;
    },
    /** Connections of every account using this email, except `exceptSub`. */
    alternateProviders(email: string, exceptSub: string | null): ProviderCode[] {
      const rows = db
        .prepare('SELECT DISTINCT connection FROM users WHERE email = ? AND sub IS NOT ? ORDER BY connection')
        .all(email.trim(), exceptSub) as { connection: ProviderCode }[];
      return rows.map((row) => row.connection);
    },
    subsWithEmail(email: string): string[] {
      return (db.prepare('SELECT sub FROM users WHERE email = ?').all(email.trim()) as { sub: string }[]).map(
        (row) => row.sub,
      );
    },

    // ---------- email verification tickets ----------
    createVerification(email: string): string {
      const token = randomBytes(24).toString('base64url');
      db.prepare('INSERT INTO email_verifications (token, email, created_at) VALUES (?, ?, ?)').run(
        token,
        email.trim(),
        now(),
      );
      return token;
    },
    hasPendingVerification(email: string): boolean {
      return (
        db
          .prepare('SELECT 1 FROM email_verifications WHERE email = ? AND used_at IS NULL LIMIT 1')
          .get(email.trim()) !== undefined
      );
    },
    verificationToken(token: string): { email: string; used: boolean } | null {
      const row = db.prepare('SELECT email, used_at FROM email_verifications WHERE token = ?').get(token) as
        | { email: string; used_at: string | null }
        | undefined;
      return row ? { email: row.email, used: row.used_at !== null } : null;
    },
    /** Marks every account with this email verified (and their profiles); returns the subs that changed. */
    markEmailVerified(email: string): string[] {
      return db.transaction(() => {
        const subs = (
          db.prepare('SELECT sub FROM users WHERE email = ? AND email_verified = 0').all(email.trim()) as {
            sub: string;
          }[]
        ).map((row) => row.sub);
        db.prepare('UPDATE users SET email_verified = 1 WHERE email = ?').run(email.trim());
        db.prepare('UPDATE email_verifications SET used_at = ? WHERE email = ? AND used_at IS NULL').run(
          now(),
          email.trim(),
        );
        db.prepare('UPDATE profiles SET verified_email = 1 WHERE email = ?').run(email.trim());
        return subs;
      })();
    },
  };
  return accounts;
}
