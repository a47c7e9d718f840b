import { randomBytes } from 'node:crypto';
import type { Device, PracticeRegistration } from '#machines/domain';
import type { createPractices } from './practices';
import type { createProfiles } from './profiles';
import { BusinessError, now, type RepoContext } from './shared';

/**
 * Companion pins and their devices, and a practice's way in: registration (pending) and
 * activation (the registrant becomes a member with it active).
 */

export function normaliseBusinessNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

export function createActivation(
  { db, fault }: RepoContext,
  practices: ReturnType<typeof createPractices>,
  profiles: ReturnType<typeof createProfiles>,
) {
  return {
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

    // ---------- registration and activation ----------
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
          const directory = practices.directoryPractice(directoryKey);
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
        if (!profiles.getProfile(sub)) profiles.saveProfile(sub, registration.profile);
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
        const practice = practices.getPractice(practiceKey);
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
  };
}
