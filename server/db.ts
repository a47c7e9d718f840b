import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

export type Db = Database.Database;

/**
 * Schema migrations, applied in order at start inside one transaction each. Never edit a shipped
 * migration: append a new one.
 */
const migrations: string[] = [
  `
  CREATE TABLE users (
    sub TEXT PRIMARY KEY,
    connection TEXT NOT NULL CHECK (connection IN ('auth0', 'waad', 'windowslive', 'apple', 'google-oauth2')),
    email TEXT NOT NULL COLLATE NOCASE,
    email_verified INTEGER NOT NULL DEFAULT 0,
    password_hash TEXT,
    name TEXT,
    nickname TEXT,
    given_name TEXT,
    family_name TEXT,
    picture TEXT,
    phone_number TEXT,
    birthdate TEXT,
    created_at TEXT NOT NULL
  );
  CREATE UNIQUE INDEX users_connection_email ON users (connection, email);
  CREATE INDEX users_email ON users (email);

  CREATE TABLE profiles (
    sub TEXT PRIMARY KEY REFERENCES users (sub) ON DELETE CASCADE,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    email TEXT NOT NULL COLLATE NOCASE,
    phone TEXT NOT NULL,
    date_of_birth TEXT NOT NULL,
    verified_email INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL
  );

  CREATE TABLE practices (
    practice_key TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    business_name TEXT NOT NULL,
    business_number TEXT NOT NULL,
    business_number_norm TEXT NOT NULL,
    environment TEXT NOT NULL CHECK (environment IN ('au', 'uk')),
    veterinary_type INTEGER NOT NULL CHECK (veterinary_type IN (1, 2, 3)),
    email TEXT NOT NULL,
    phone TEXT NOT NULL,
    address_json TEXT NOT NULL,
    devices_json TEXT NOT NULL DEFAULT '[]',
    status TEXT NOT NULL CHECK (status IN ('pending', 'active')),
    registered_by TEXT REFERENCES users (sub),
    directory_practice_key TEXT,
    locale TEXT,
    created_at TEXT NOT NULL,
    activate_at TEXT
  );
  CREATE UNIQUE INDEX practices_business_number ON practices (environment, business_number_norm);

  CREATE TABLE user_practices (
    sub TEXT NOT NULL REFERENCES users (sub) ON DELETE CASCADE,
    practice_key TEXT NOT NULL REFERENCES practices (practice_key),
    added_at TEXT NOT NULL,
    PRIMARY KEY (sub, practice_key)
  );

  CREATE TABLE active_practices (
    sub TEXT PRIMARY KEY REFERENCES users (sub) ON DELETE CASCADE,
    practice_key TEXT NOT NULL REFERENCES practices (practice_key)
  );

  CREATE TABLE invites (
    id INTEGER PRIMARY KEY,
    practice_key TEXT NOT NULL REFERENCES practices (practice_key),
    email TEXT NOT NULL COLLATE NOCASE,
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted')),
    created_at TEXT NOT NULL,
    accepted_by TEXT,
    accepted_at TEXT
  );
  CREATE UNIQUE INDEX invites_pending ON invites (practice_key, email) WHERE status = 'pending';

  CREATE TABLE invite_codes (
    code TEXT PRIMARY KEY COLLATE NOCASE,
    practice_key TEXT NOT NULL REFERENCES practices (practice_key)
  );

  CREATE TABLE directory_practices (
    key TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    practice_key TEXT REFERENCES practices (practice_key),
    address1 TEXT NOT NULL,
    city TEXT NOT NULL,
    state TEXT NOT NULL,
    postcode TEXT NOT NULL,
    country TEXT NOT NULL
  );

  CREATE TABLE pins (
    pin TEXT PRIMARY KEY,
    created_at TEXT NOT NULL
  );

  CREATE TABLE devices (
    device_key TEXT PRIMARY KEY,
    pin TEXT NOT NULL REFERENCES pins (pin),
    name TEXT NOT NULL,
    type TEXT NOT NULL
  );

  CREATE TABLE email_verifications (
    token TEXT PRIMARY KEY,
    email TEXT NOT NULL COLLATE NOCASE,
    created_at TEXT NOT NULL,
    used_at TEXT
  );

  CREATE TABLE mail (
    id INTEGER PRIMARY KEY,
    to_email TEXT NOT NULL COLLATE NOCASE,
    subject TEXT NOT NULL,
    text TEXT NOT NULL,
    html TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  `,
  // 2: the identity provider's sessions, grants, codes and tokens (server/idp/adapter.ts).
  `
  CREATE TABLE oidc_models (
    model TEXT NOT NULL,
    id TEXT NOT NULL,
    payload TEXT NOT NULL,
    expires_at INTEGER,
    uid TEXT,
    user_code TEXT,
    grant_id TEXT,
    consumed_at INTEGER,
    PRIMARY KEY (model, id)
  );
  CREATE INDEX oidc_models_uid ON oidc_models (uid) WHERE uid IS NOT NULL;
  CREATE INDEX oidc_models_user_code ON oidc_models (user_code) WHERE user_code IS NOT NULL;
  CREATE INDEX oidc_models_grant ON oidc_models (grant_id) WHERE grant_id IS NOT NULL;
  `,
];

/** Applies pending migrations; returns the schema version. */
export function migrate(db: Db): number {
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)',
  );
  const row = db.prepare('SELECT MAX(version) AS version FROM schema_migrations').get() as {
    version: number | null;
  };
  const current = row.version ?? 0;
  for (let index = current; index < migrations.length; index += 1) {
    const sql = migrations[index]!;
    db.transaction(() => {
      db.exec(sql);
      db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)').run(
        index + 1,
        new Date().toISOString(),
      );
    })();
  }
  return migrations.length;
}

/** Opens (creating if needed) `<dataDir>/stack.sqlite` and applies the migrations. */
export function openDatabase(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, 'stack.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 2000');
  migrate(db);
  return db;
}

/** Every table holding data (not the migrations table), children first. */
export const dataTables = [
  'mail',
  'email_verifications',
  'devices',
  'pins',
  'directory_practices',
  'invite_codes',
  'invites',
  'active_practices',
  'user_practices',
  'profiles',
  'practices',
  'users',
] as const;

/** Deletes every row (test reset). */
export function wipe(db: Db): void {
  db.transaction(() => {
    for (const table of dataTables) db.exec(`DELETE FROM ${table}`);
  })();
}
