import type { Profile } from '#machines/domain';
import { now, type RepoContext } from './shared';

/** User profiles (spec §3 Profile), one per account. */

export function createProfiles({ db }: RepoContext) {
  const profiles = {
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
      return profiles.getProfile(sub)!;
    },
  };
  return profiles;
}
