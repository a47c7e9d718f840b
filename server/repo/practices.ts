import type { Address, Device, DirectoryPractice, Invite, RegionKey, UserPractice } from '#machines/domain';
import { BusinessError, now, type RepoContext } from './shared';

/** Practices, memberships and the active practice, invites and invite codes, the shared directory. */

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

export function createPractices({ db, fault, environmentUrl }: RepoContext) {
  const toUserPractice = (practice: { practice_key: string; name: string; environment: RegionKey }) =>
    ({
      practiceKey: practice.practice_key,
      practiceName: practice.name,
      environment: practice.environment,
      environmentUrl: environmentUrl(practice.environment, practice.practice_key),
    }) satisfies UserPractice;

  const practices = {
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
      const member = practices.userPractices(sub).find((practice) => practice.practiceKey === practiceKey);
      if (!member) throw new BusinessError('You are not a member of this practice.');
      db.prepare(
        `INSERT INTO active_practices (sub, practice_key) VALUES (?, ?)
         ON CONFLICT (sub) DO UPDATE SET practice_key = excluded.practice_key`,
      ).run(sub, practiceKey);
      return member;
    },

    // ---------- invites and invite codes ----------
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
        const already = practices.userPractices(sub).find((practice) => practice.practiceKey === practiceKey);
        if (!invite) {
          if (already) {
            practices.setActivePractice(sub, practiceKey);
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
        return practices.setActivePractice(sub, practiceKey);
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
        return practices.setActivePractice(sub, row.practice_key);
      })();
    },

    // ---------- the shared practice directory ----------
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
  };
  return practices;
}
