import { describe, expect, it, vi } from 'vitest';

// Counts the schemas built, through the real builder.
const built = vi.hoisted(() => [] as (string | undefined)[]);
vi.mock('./fields', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./fields')>();
  return {
    ...actual,
    buildSchema: (...args: Parameters<typeof actual.buildSchema>) => {
      built.push(args[1]);
      return actual.buildSchema(...args);
    },
  };
});

describe('schemas built on first use', () => {
  it('evaluating the module builds only the pin and invite-code schemas; each other is built once, when first asked for', async () => {
    const schemas = await import('./schemas');
    // The pin and invite-code schemas: one field each, and without a region.
    expect(built).toEqual([undefined, undefined]);
    const profile = schemas.profileSchema();
    expect(schemas.profileSchema()).toBe(profile);
    expect(built).toEqual([undefined, undefined, undefined]);
    const au = schemas.practiceSchema('au');
    expect(schemas.practiceSchema('au')).toBe(au);
    expect(built.filter((region) => region === 'au')).toHaveLength(1);
    expect(built.filter((region) => region === 'uk')).toHaveLength(0);
    const registration = schemas.registrationSchemaForPayload({ environment: 'uk' });
    expect(schemas.registrationSchemaForPayload({ environment: 'uk' })).toBe(registration);
    expect(built.filter((region) => region === 'uk')).toHaveLength(1);
  });
});
