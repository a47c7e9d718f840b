import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import type {
  Address,
  Device,
  DirectoryPractice,
  Invite,
  PracticeRegistration,
  Profile,
  ProviderCode,
  RegionKey,
  UserPractice,
  UserState,
} from '../machines/domain';
import type { Db } from './db';

/** Data access for the stack. Every write that touches more than one row runs in a transaction. */

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

export interface PracticeRecord {
  practiceKey: string;
  name: string;
  businessName: string;
  businessNumber: string;
  environment: RegionKey;
  veterinaryType: number;
  email: string;
  phone: string;
  address: Address;
  devices: Device[];
  status: 'pending' | 'active';
  registeredBy: string | null;
  activateAt: string | null;
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

interface PracticeRow {
  practice_key: string;
  name: string;
  business_name: string;
  business_number: string;
  environment: RegionKey;
  veterinary_type: number;
  email: string;
  phone: string;
  address_json: string;
  devices_json: string;
  status: 'pending' | 'active';
  registered_by: string | null;
  activate_at: string | null;
}

/** Named points where a test can force a failure inside a transaction (testHooks only). */
export type FaultPoint = 'registerPractice.afterPracticeInsert' | 'acceptInvite.afterMembershipInsert';

export class FaultInjected extends Error {
  constructor(readonly point: FaultPoint) {
    super(`Injected failure at ${point}`);
  }
}

/** A business failure: answered as `{ isSuccess: false, message }` with `status`. */
export class BusinessError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
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

export function normaliseBusinessNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

const now = () => new Date().toISOString();

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

function toPractice(row: PracticeRow): PracticeRecord {
  return {
    practiceKey: row.practice_key,
    name: row.name,
    businessName: row.business_name,
    businessNumber: row.business_number,
    environment: row.environment,
    veterinaryType: row.veterinary_type,
    email: row.email,
    phone: row.phone,
    address: JSON.parse(row.address_json) as Address,
    devices: JSON.parse(row.devices_json) as Device[],
    status: row.status,
    registeredBy: row.registered_by,
    activateAt: row.activate_at,
  };
}

export interface RepoOptions {
  /** Origin of each regional environment (e.g. http://localhost:4003). */
  environments: Record<RegionKey, string>;
}

export type Repo = ReturnType<typeof createRepo>;

export function createRepo(db: Db, options: RepoOptions) {
  const armedFaults = new Set<FaultPoint>();
  const fault = (point: FaultPoint) => {
    if (armedFaults.delete(point)) throw new FaultInjected(point);
  };

  const environmentUrl = (environment: RegionKey, practiceKey: string) =>
    `${options.environments[environment]}/practice/${encodeURIComponent(practiceKey)}`;

  const toUserPractice = (practice: { practice_key: string; name: string; environment: RegionKey }) =>
    ({
      practiceKey: practice.practice_key,
      practiceName: practice.name,
      environment: practice.environment,
      environmentUrl: environmentUrl(practice.environment, practice.practice_key),
    }) satisfies UserPractice;

  const getUserRow = (sub: string) =>
    db.prepare('SELECT * FROM users WHERE sub = ?').get(sub) as UserRow | undefined;

  const repo = {
    db,
    environmentUrl,
    faults: {
      arm(point: FaultPoint) {
        armedFaults.add(point);
      },
      clear() {
        armedFaults.clear();
      },
    },

    // ---------- users (the identity provider's store) ----------
    getUser(sub: string): UserRecord | null {
      const row = getUserRow(sub);
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
      return repo.getUser(sub)!;
    },
    /** Connections of every account using this email, except `exceptSub`. */
    alternateProviders(email: string, exceptSub: string | null): ProviderCode[] {
      const rows = db
        .prepare('SELECT DISTINCT connection FROM users WHERE email = ? AND sub IS NOT ? ORDER BY connection')
        .all(email.trim(), exceptSub) as { connection: ProviderCode }[];
      return rows.map((row) => row.connection);
    },

    // ---------- email verification ----------
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
    /** Marks every account with this email verified; returns the subs that changed. */
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

    // ---------- mail ----------
    addMail(mail: { to: string; subject: string; text: string; html: string }): number {
      const info = db
        .prepare('INSERT INTO mail (to_email, subject, text, html, created_at) VALUES (?, ?, ?, ?, ?)')
        .run(mail.to.trim(), mail.subject, mail.text, mail.html, now());
      return Number(info.lastInsertRowid);
    },
    listMail(to: string | null) {
      const rows = (
        to
          ? db.prepare('SELECT * FROM mail WHERE to_email = ? ORDER BY id DESC').all(to.trim())
          : db.prepare('SELECT * FROM mail ORDER BY id DESC').all()
      ) as {
        id: number;
        to_email: string;
        subject: string;
        text: string;
        html: string;
        created_at: string;
      }[];
      return rows.map((row) => ({
        id: row.id,
        to: row.to_email,
        subject: row.subject,
        text: row.text,
        html: row.html,
        createdAt: row.created_at,
      }));
    },
    getMail(id: number) {
      return repo.listMail(null).find((mail) => mail.id === id) ?? null;
    },
    clearMail(): void {
      db.exec('DELETE FROM mail');
    },

    // ---------- profiles ----------
    getProfile(sub: string): Profile | null {
      const row = db.prepare('SELECT * FROM profiles WHERE sub = ?').get(sub) as
        | {
            first_name: string;
            last_name: string;
            email: string;
            phone: string;
            date_of_birth: string;
            verified_email: number;
          }
        | undefined;
      if (!row) return null;
      return {
        firstName: row.first_name,
        lastName: row.last_name,
        email: row.email,
        phone: row.phone,
        dateOfBirth: row.date_of_birth,
        verifiedEmail: row.verified_email === 1,
      };
    },
    saveProfile(sub: string, profile: Profile): Profile {
      db.prepare(
        `INSERT INTO profiles (sub, first_name, last_name, email, phone, date_of_birth, verified_email, updated_at)
         VALUES (@sub, @firstName, @lastName, @email, @phone, @dateOfBirth, @verifiedEmail, @updatedAt)
         ON CONFLICT (sub) DO UPDATE SET first_name = excluded.first_name, last_name = excluded.last_name,
           email = excluded.email, phone = excluded.phone, date_of_birth = excluded.date_of_birth,
           verified_email = excluded.verified_email, updated_at = excluded.updated_at`,
      ).run({
        sub,
        firstName: profile.firstName,
        lastName: profile.lastName,
        email: profile.email,
        phone: profile.phone,
        dateOfBirth: profile.dateOfBirth,
        verifiedEmail: profile.verifiedEmail ? 1 : 0,
        updatedAt: now(),
      });
      return repo.getProfile(sub)!;
    },

    // ---------- practices ----------
    getPractice(practiceKey: string): PracticeRecord | null {
      const row = db.prepare('SELECT * FROM practices WHERE practice_key = ?').get(practiceKey) as
        | PracticeRow
        | undefined;
      return row ? toPractice(row) : null;
    },
    userPractices(sub: string): UserPractice[] {
      const rows = db
        .prepare(
          `SELECT p.practice_key, p.name, p.environment FROM user_practices up
           JOIN practices p ON p.practice_key = up.practice_key
           WHERE up.sub = ? AND p.status = 'active' ORDER BY p.name COLLATE NOCASE, p.practice_key`,
        )
        .all(sub) as { practice_key: string; name: string; environment: RegionKey }[];
      return rows.map(toUserPractice);
    },
    userPractice(practiceKey: string): UserPractice | null {
      const row = db
        .prepare('SELECT practice_key, name, environment FROM practices WHERE practice_key = ?')
        .get(practiceKey) as { practice_key: string; name: string; environment: RegionKey } | undefined;
      return row ? toUserPractice(row) : null;
    },
    activePractice(sub: string): UserPractice | null {
      const row = db
        .prepare(
          `SELECT p.practice_key, p.name, p.environment FROM active_practices a
           JOIN practices p ON p.practice_key = a.practice_key
           JOIN user_practices up ON up.sub = a.sub AND up.practice_key = a.practice_key
           WHERE a.sub = ? AND p.status = 'active'`,
        )
        .get(sub) as { practice_key: string; name: string; environment: RegionKey } | undefined;
      return row ? toUserPractice(row) : null;
    },
    setActivePractice(sub: string, practiceKey: string): UserPractice {
      const member = repo.userPractices(sub).find((practice) => practice.practiceKey === practiceKey);
      if (!member) throw new BusinessError('You are not a member of this practice.');
      db.prepare(
        `INSERT INTO active_practices (sub, practice_key) VALUES (?, ?)
         ON CONFLICT (sub) DO UPDATE SET practice_key = excluded.practice_key`,
      ).run(sub, practiceKey);
      return member;
    },

    // ---------- invites ----------
    pendingInvites(email: string): Invite[] {
      const rows = db
        .prepare(
          `SELECT i.practice_key, p.name FROM invites i JOIN practices p ON p.practice_key = i.practice_key
           WHERE i.email = ? AND i.status = 'pending' AND p.status = 'active'
           ORDER BY p.name COLLATE NOCASE`,
        )
        .all(email.trim()) as { practice_key: string; name: string }[];
      return rows.map((row) => ({ practiceKey: row.practice_key, practiceName: row.name }));
    },
    /** Accepts the pending invite of `email` to `practiceKey` for `sub`: membership + active, atomically. */
    acceptInvite(sub: string, email: string, practiceKey: string): UserPractice {
      return db.transaction(() => {
        const invite = db
          .prepare("SELECT id FROM invites WHERE practice_key = ? AND email = ? AND status = 'pending'")
          .get(practiceKey, email.trim()) as { id: number } | undefined;
        const already = repo.userPractices(sub).find((practice) => practice.practiceKey === practiceKey);
        if (!invite) {
          if (already) {
            repo.setActivePractice(sub, practiceKey);
            return already;
          }
          throw new BusinessError('No pending invite was found for this practice.', 404);
        }
        db.prepare(
          "UPDATE invites SET status = 'accepted', accepted_by = ?, accepted_at = ? WHERE id = ?",
        ).run(sub, now(), invite.id);
        db.prepare('INSERT OR IGNORE INTO user_practices (sub, practice_key, added_at) VALUES (?, ?, ?)').run(
          sub,
          practiceKey,
          now(),
        );
        fault('acceptInvite.afterMembershipInsert');
        return repo.setActivePractice(sub, practiceKey);
      })();
    },
    /** Joins the practice behind an invite code (case-insensitive). */
    joinByInviteCode(sub: string, code: string): UserPractice {
      return db.transaction(() => {
        const row = db
          .prepare(
            `SELECT c.practice_key FROM invite_codes c JOIN practices p ON p.practice_key = c.practice_key
             WHERE c.code = ? AND p.status = 'active'`,
          )
          .get(code.trim()) as { practice_key: string } | undefined;
        if (!row) throw new BusinessError('Invalid invite code', 404);
        db.prepare('INSERT OR IGNORE INTO user_practices (sub, practice_key, added_at) VALUES (?, ?, ?)').run(
          sub,
          row.practice_key,
          now(),
        );
        return repo.setActivePractice(sub, row.practice_key);
      })();
    },

    // ---------- directory ----------
    directoryPractice(key: string): DirectoryPractice | null {
      const row = db.prepare('SELECT * FROM directory_practices WHERE key = ?').get(key) as
        | {
            key: string;
            name: string;
            email: string;
            practice_key: string | null;
            address1: string;
            city: string;
            state: string;
            postcode: string;
            country: string;
          }
        | undefined;
      if (!row) return null;
      return {
        key: row.key,
        name: row.name,
        email: row.email,
        practiceKey: row.practice_key,
        address: {
          address1: row.address1,
          city: row.city,
          state: row.state,
          postcode: row.postcode,
          country: row.country,
        },
      };
    },

    // ---------- companion pins ----------
    pinExists(pin: string): boolean {
      return db.prepare('SELECT 1 FROM pins WHERE pin = ?').get(pin) !== undefined;
    },
    devicesForPin(pin: string): Device[] {
      const rows = db
        .prepare('SELECT device_key, name, type FROM devices WHERE pin = ? ORDER BY name')
        .all(pin) as { device_key: string; name: string; type: string }[];
      return rows.map((row) => ({ deviceKey: row.device_key, name: row.name, type: row.type }));
    },

    // ---------- registration ----------
    /**
     * Records a practice registration (pending until activation). Idempotent per user: the same user
     * registering the same business number in the same environment gets the existing practice key back
     * (`created: false`). Another user's practice with that number is a business failure.
     */
    registerPractice(
      sub: string,
      registration: PracticeRegistration,
      activateAt: Date,
    ): { practiceKey: string; created: boolean } {
      return db.transaction(() => {
        const norm = normaliseBusinessNumber(registration.practice.businessNumber);
        const existing = db
          .prepare(
            'SELECT practice_key, registered_by FROM practices WHERE environment = ? AND business_number_norm = ?',
          )
          .get(registration.environment, norm) as
          | { practice_key: string; registered_by: string | null }
          | undefined;
        if (existing) {
          if (existing.registered_by === sub) return { practiceKey: existing.practice_key, created: false };
          throw new BusinessError('A practice with this business number already exists.', 409);
        }
        const directoryKey = registration.options.registeredFromDirectoryPracticeKey;
        if (directoryKey) {
          const directory = repo.directoryPractice(directoryKey);
          if (!directory) throw new BusinessError('The directory practice was not found.', 404);
          if (directory.practiceKey) {
            throw new BusinessError(`An account already exists for ${directory.name}.`, 409);
          }
        }
        const practiceKey = `${registration.environment}-${randomBytes(5).toString('hex')}`;
        const practice = registration.practice;
        db.prepare(
          `INSERT INTO practices (practice_key, name, business_name, business_number, business_number_norm,
            environment, veterinary_type, email, phone, address_json, devices_json, status, registered_by,
            directory_practice_key, locale, created_at, activate_at)
           VALUES (@practiceKey, @name, @businessName, @businessNumber, @norm, @environment, @veterinaryType,
            @email, @phone, @address, @devices, 'pending', @sub, @directoryKey, @locale, @createdAt, @activateAt)`,
        ).run({
          practiceKey,
          name: practice.name.trim(),
          businessName: practice.businessName.trim(),
          businessNumber: practice.businessNumber.trim(),
          norm,
          environment: registration.environment,
          veterinaryType: practice.veterinaryType,
          email: practice.email.trim(),
          phone: practice.phone.trim(),
          address: JSON.stringify(practice.address),
          devices: JSON.stringify(practice.devices),
          sub,
          directoryKey: directoryKey ?? null,
          locale: registration.locale ?? null,
          createdAt: now(),
          activateAt: activateAt.toISOString(),
        });
        fault('registerPractice.afterPracticeInsert');
        if (directoryKey) {
          db.prepare('UPDATE directory_practices SET practice_key = ? WHERE key = ?').run(
            practiceKey,
            directoryKey,
          );
        }
        if (!repo.getProfile(sub)) repo.saveProfile(sub, registration.profile);
        return { practiceKey, created: true };
      })();
    },
    /** Pending practices (for the activation scheduler). */
    pendingPractices(): { practiceKey: string; activateAt: string | null }[] {
      return (
        db.prepare("SELECT practice_key, activate_at FROM practices WHERE status = 'pending'").all() as {
          practice_key: string;
          activate_at: string | null;
        }[]
      ).map((row) => ({ practiceKey: row.practice_key, activateAt: row.activate_at }));
    },
    /** Activates a registered practice: the registrant becomes a member with it active. */
    activatePractice(practiceKey: string): { sub: string } | null {
      return db.transaction(() => {
        const practice = repo.getPractice(practiceKey);
        if (practice?.status !== 'pending' || !practice.registeredBy) return null;
        db.prepare("UPDATE practices SET status = 'active', activate_at = NULL WHERE practice_key = ?").run(
          practiceKey,
        );
        db.prepare('INSERT OR IGNORE INTO user_practices (sub, practice_key, added_at) VALUES (?, ?, ?)').run(
          practice.registeredBy,
          practiceKey,
          now(),
        );
        db.prepare(
          `INSERT INTO active_practices (sub, practice_key) VALUES (?, ?)
           ON CONFLICT (sub) DO UPDATE SET practice_key = excluded.practice_key`,
        ).run(practice.registeredBy, practiceKey);
        return { sub: practice.registeredBy };
      })();
    },
    countRows(table: 'practices' | 'profiles' | 'user_practices' | 'invites' | 'users'): number {
      return (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    },

    // ---------- the user state the hub pushes ----------
    userState(sub: string): Omit<UserState, 'practicesHasLoaded'> | null {
      const user = repo.getUser(sub);
      if (!user) return null;
      return {
        practices: repo.userPractices(sub),
        invites: user.emailVerified ? repo.pendingInvites(user.email) : [],
        email: { address: user.email, verified: user.emailVerified },
        hasProfile: repo.getProfile(sub) !== null,
      };
    },
    subsWithEmail(email: string): string[] {
      return (db.prepare('SELECT sub FROM users WHERE email = ?').all(email.trim()) as { sub: string }[]).map(
        (row) => row.sub,
      );
    },
  };
  return repo;
}
