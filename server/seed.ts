import type { Address, Device, RegionKey } from '#machines/domain';
import type { Db } from './db';
import { hashPassword } from './repo/accounts';
import { normaliseBusinessNumber } from './repo/activation';

/**
 * Realistic seed data for both regions (documented in server/README.md). Applied when the users
 * table is empty, and again by the test hook POST /__test/reset.
 */

export const SEED_PASSWORD = 'Passw0rd!';

export const seedAccounts = {
  verified: { sub: 'auth0|seed-olivia', email: 'olivia.nguyen@example.com' },
  unverified: { sub: 'auth0|seed-sam', email: 'sam.taylor@example.com' },
  fresh: { sub: 'auth0|seed-noah', email: 'noah.brown@example.com' },
  google: { sub: 'google-oauth2|seed-priya', email: 'priya.patel@example.co.uk' },
  /** One person with two accounts (email and Google) on the same address: alternate providers. */
  dualEmail: { sub: 'auth0|seed-liam', email: 'liam.jones@example.com' },
  dualGoogle: { sub: 'google-oauth2|seed-liam', email: 'liam.jones@example.com' },
  apple: { sub: 'apple|seed-jack', email: 'jack.wilson@privaterelay.example.com' },
  windowslive: { sub: 'windowslive|seed-emma', email: 'emma.clarke@example.co.uk' },
} as const;

interface SeedPractice {
  key: string;
  name: string;
  businessName: string;
  businessNumber: string;
  environment: RegionKey;
  veterinaryType: 1 | 2 | 3;
  email: string;
  phone: string;
  address: Address;
}

export const seedPractices: SeedPractice[] = [
  {
    key: 'au-harbourside',
    name: 'Harbourside Veterinary Clinic',
    businessName: 'Harbourside Veterinary Pty Ltd',
    businessNumber: '51 824 753 556',
    environment: 'au',
    veterinaryType: 1,
    email: 'reception@harbourside.example.com',
    phone: '(02) 9555 0101',
    address: {
      address1: '12 Circular Quay West',
      city: 'Sydney',
      postcode: '2000',
      state: 'NSW',
      country: 'AU',
    },
  },
  {
    key: 'au-bondi',
    name: 'Bondi Beach Vets',
    businessName: 'Bondi Beach Vets Pty Ltd',
    businessNumber: '33 102 417 032',
    environment: 'au',
    veterinaryType: 1,
    email: 'hello@bondivets.example.com',
    phone: '(02) 9555 0202',
    address: {
      address1: '80 Campbell Parade',
      city: 'Bondi Beach',
      postcode: '2026',
      state: 'NSW',
      country: 'AU',
    },
  },
  {
    key: 'au-southbank',
    name: 'Southbank Animal Hospital',
    businessName: 'Southbank Animal Hospital Pty Ltd',
    businessNumber: '72 004 044 937',
    environment: 'au',
    veterinaryType: 3,
    email: 'admin@southbank-ah.example.com',
    phone: '(03) 9555 0303',
    address: { address1: '1 City Road', city: 'Southbank', postcode: '3006', state: 'VIC', country: 'AU' },
  },
  {
    key: 'uk-camden',
    name: 'Camden Town Vets',
    businessName: 'Camden Town Veterinary Ltd',
    businessNumber: '09 123 456',
    environment: 'uk',
    veterinaryType: 1,
    email: 'team@camdenvets.example.co.uk',
    phone: '020 7946 0101',
    address: {
      address1: '200 Camden High Street',
      city: 'London',
      postcode: 'NW1 8QP',
      state: '',
      country: 'UK',
    },
  },
  {
    key: 'uk-dales',
    name: 'Yorkshire Dales Equine Practice',
    businessName: 'Dales Equine LLP',
    businessNumber: 'OC 345 678',
    environment: 'uk',
    veterinaryType: 2,
    email: 'office@dales-equine.example.co.uk',
    phone: '01756 555 0202',
    address: { address1: 'Market Place', city: 'Skipton', postcode: 'BD23 1DN', state: '', country: 'UK' },
  },
];

const seedPins: { pin: string; devices: Device[] }[] = [
  {
    pin: '1234',
    devices: [
      { deviceKey: 'dev-hub-1234', name: 'Reception hub', type: 'hub' },
      { deviceKey: 'dev-scanner-1234', name: 'Microchip scanner', type: 'scanner' },
    ],
  },
  { pin: '5678', devices: [{ deviceKey: 'dev-hub-5678', name: 'Surgery hub', type: 'hub' }] },
];

function avatar(name: string, colour: string): string {
  const initials = name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" rx="32" fill="${colour}"/><text x="32" y="41" font-family="sans-serif" font-size="24" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export function seed(db: Db): void {
  const now = new Date().toISOString();
  db.transaction(() => {
    const insertUser = db.prepare(
      `INSERT INTO users (sub, connection, email, email_verified, password_hash, name, nickname, given_name,
        family_name, picture, phone_number, birthdate, created_at)
       VALUES (@sub, @connection, @email, @verified, @password, @name, @nickname, @given, @family, @picture,
        @phone, @birthdate, @now)`,
    );
    const passwordHash = hashPassword(SEED_PASSWORD);
    const users = [
      {
        ...seedAccounts.verified,
        connection: 'auth0',
        verified: 1,
        password: passwordHash,
        given: 'Olivia',
        family: 'Nguyen',
        phone: '0412 345 678',
        birthdate: '1988-04-12',
        colour: '#1f6feb',
      },
      {
        ...seedAccounts.unverified,
        connection: 'auth0',
        verified: 0,
        password: passwordHash,
        given: 'Sam',
        family: 'Taylor',
        phone: null,
        birthdate: null,
        colour: '#8e44ad',
      },
      {
        ...seedAccounts.fresh,
        connection: 'auth0',
        verified: 1,
        password: passwordHash,
        given: 'Noah',
        family: 'Brown',
        phone: '0498 765 432',
        birthdate: '1992-11-03',
        colour: '#16a085',
      },
      {
        ...seedAccounts.google,
        connection: 'google-oauth2',
        verified: 1,
        password: null,
        given: 'Priya',
        family: 'Patel',
        phone: '07700 900123',
        birthdate: '1985-06-30',
        colour: '#d35400',
      },
      {
        ...seedAccounts.dualEmail,
        connection: 'auth0',
        verified: 1,
        password: passwordHash,
        given: 'Liam',
        family: 'Jones',
        phone: '0400 111 222',
        birthdate: '1990-09-09',
        colour: '#7d3c98',
      },
      {
        ...seedAccounts.dualGoogle,
        connection: 'google-oauth2',
        verified: 1,
        password: null,
        given: 'Liam',
        family: 'Jones',
        phone: null,
        birthdate: null,
        colour: '#7d3c98',
      },
      {
        ...seedAccounts.apple,
        connection: 'apple',
        verified: 1,
        password: null,
        given: 'Jack',
        family: 'Wilson',
        phone: null,
        birthdate: null,
        colour: '#2c3e50',
      },
      {
        ...seedAccounts.windowslive,
        connection: 'windowslive',
        verified: 1,
        password: null,
        given: 'Emma',
        family: 'Clarke',
        phone: '07700 900456',
        birthdate: '1979-02-17',
        colour: '#c0392b',
      },
    ];
    for (const user of users) {
      const name = `${user.given} ${user.family}`;
      insertUser.run({
        sub: user.sub,
        connection: user.connection,
        email: user.email,
        verified: user.verified,
        password: user.password,
        name,
        nickname: user.email.split('@')[0],
        given: user.given,
        family: user.family,
        picture: avatar(name, user.colour),
        phone: user.phone,
        birthdate: user.birthdate,
        now,
      });
    }

    const insertPractice = db.prepare(
      `INSERT INTO practices (practice_key, name, business_name, business_number, business_number_norm, environment,
        veterinary_type, email, phone, address_json, devices_json, status, registered_by, created_at)
       VALUES (@key, @name, @businessName, @businessNumber, @norm, @environment, @veterinaryType, @email, @phone,
        @address, '[]', 'active', NULL, @now)`,
    );
    for (const practice of seedPractices) {
      insertPractice.run({
        ...practice,
        norm: normaliseBusinessNumber(practice.businessNumber),
        address: JSON.stringify(practice.address),
        now,
      });
    }

    const member = db.prepare('INSERT INTO user_practices (sub, practice_key, added_at) VALUES (?, ?, ?)');
    const active = db.prepare('INSERT INTO active_practices (sub, practice_key) VALUES (?, ?)');
    member.run(seedAccounts.verified.sub, 'au-harbourside', now);
    active.run(seedAccounts.verified.sub, 'au-harbourside');
    member.run(seedAccounts.google.sub, 'uk-camden', now);
    active.run(seedAccounts.google.sub, 'uk-camden');
    member.run(seedAccounts.windowslive.sub, 'uk-dales', now);
    member.run(seedAccounts.windowslive.sub, 'au-southbank', now);

    const profile = db.prepare(
      `INSERT INTO profiles (sub, first_name, last_name, email, phone, date_of_birth, verified_email, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    profile.run(
      seedAccounts.verified.sub,
      'Olivia',
      'Nguyen',
      seedAccounts.verified.email,
      '0412 345 678',
      '1988-04-12',
      1,
      now,
    );
    profile.run(
      seedAccounts.google.sub,
      'Priya',
      'Patel',
      seedAccounts.google.email,
      '07700 900123',
      '1985-06-30',
      1,
      now,
    );
    profile.run(
      seedAccounts.windowslive.sub,
      'Emma',
      'Clarke',
      seedAccounts.windowslive.email,
      '07700 900456',
      '1979-02-17',
      1,
      now,
    );

    const invite = db.prepare(
      "INSERT INTO invites (practice_key, email, status, created_at) VALUES (?, ?, 'pending', ?)",
    );
    invite.run('au-bondi', seedAccounts.verified.email, now);
    invite.run('uk-camden', seedAccounts.verified.email, now);
    invite.run('au-southbank', seedAccounts.unverified.email, now);
    invite.run('uk-dales', seedAccounts.fresh.email, now);

    const code = db.prepare('INSERT INTO invite_codes (code, practice_key) VALUES (?, ?)');
    code.run('JOINAU01', 'au-southbank');
    code.run('JOINUK01', 'uk-dales');

    const directory = db.prepare(
      `INSERT INTO directory_practices (key, name, email, practice_key, address1, city, state, postcode, country)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    directory.run(
      'dir-paws-claws',
      'Paws & Claws Animal Hospital',
      'contact@pawsclaws.example.com',
      null,
      '45 Brunswick Street',
      'Fitzroy',
      'VIC',
      '3065',
      'AU',
    );
    directory.run(
      'dir-harbourside',
      'Harbourside Veterinary Clinic',
      'reception@harbourside.example.com',
      'au-harbourside',
      '12 Circular Quay West',
      'Sydney',
      'NSW',
      '2000',
      'AU',
    );
    directory.run(
      'dir-thames-side',
      'Thames Side Vets',
      'info@thamesside.example.co.uk',
      null,
      '3 Riverside Walk',
      'Reading',
      '',
      'RG1 8DB',
      'UK',
    );

    const pin = db.prepare('INSERT INTO pins (pin, created_at) VALUES (?, ?)');
    const device = db.prepare('INSERT INTO devices (device_key, pin, name, type) VALUES (?, ?, ?, ?)');
    for (const entry of seedPins) {
      pin.run(entry.pin, now);
      for (const d of entry.devices) device.run(d.deviceKey, entry.pin, d.name, d.type);
    }
  })();
}

/** Seeds when the database has no users yet. Returns true when it seeded. */
export function seedIfEmpty(db: Db): boolean {
  const row = db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number };
  if (row.n > 0) return false;
  seed(db);
  return true;
}
