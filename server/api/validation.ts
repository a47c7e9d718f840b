import { type AnyObject, ArraySchema, mixed, ObjectSchema, object, string } from 'yup';
import { buildSchema } from '../../src/validation/fields';
import { validationErrorMap } from '../../src/validation/format';
import { regionFor } from '../../src/validation/regions';
import {
  inviteCodeSchema,
  pinSchema,
  practiceSchema,
  profileFields,
  registrationSchemaForPayload,
} from '../../src/validation/schemas';

/**
 * Server-side validation. The product forms' rules come from the SAME yup schemas the client uses
 * (src/validation/schemas.ts); the few API-only bodies (practiceKey, invite, verify-email) have small
 * schemas here. Besides the rules, every body is checked for its shape: a JSON object with known
 * fields only, where the known fields are the schema's own (`shapeOf`), so no field is listed twice.
 */

/** Allowed keys, nested: `true` = a leaf (any JSON value the schema then checks), `[shape]` = array of objects. */
export type Shape = { [key: string]: true | Shape | [Shape] };

/**
 * The fields an object schema knows, nested (the keys yup's `noUnknown` would accept at each level):
 * object fields recurse, arrays of objects give `[shape]`, everything else is a leaf.
 */
export function shapeOf(schema: ObjectSchema<AnyObject>): Shape {
  const known = shapes.get(schema);
  if (known) return known;
  const shape: Shape = {};
  for (const [key, field] of Object.entries(schema.fields)) {
    if (field instanceof ObjectSchema) shape[key] = shapeOf(field);
    else if (field instanceof ArraySchema && field.innerType instanceof ObjectSchema) {
      shape[key] = [shapeOf(field.innerType)];
    } else shape[key] = true;
  }
  shapes.set(schema, shape);
  return shape;
}

/** Schemas are built once at start-up: their shapes are worked out once too. */
const shapes = new WeakMap<ObjectSchema<AnyObject>, Shape>();

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Paths of fields the shape does not know (e.g. `practice.colour`, `practice.devices[0].serial`). */
export function unknownFields(value: unknown, shape: Shape, prefix = ''): string[] {
  if (!isPlainObject(value)) return [];
  const out: string[] = [];
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const rule = shape[key];
    if (rule === undefined) {
      out.push(path);
    } else if (Array.isArray(rule)) {
      if (Array.isArray(child)) {
        child.forEach((item, index) => {
          out.push(...unknownFields(item, rule[0], `${path}[${index}]`));
        });
      }
    } else if (rule !== true) {
      out.push(...unknownFields(child, rule, path));
    }
  }
  return out;
}

/** Checks the body is a JSON object with known fields; returns a problem-details errors map or null. */
export function shapeErrors(body: unknown, shape: Shape): Record<string, string[]> | null {
  if (!isPlainObject(body)) return { '': ['The request body must be a JSON object.'] };
  const unknown = unknownFields(body, shape);
  if (unknown.length === 0) return null;
  const errors: Record<string, string[]> = {};
  for (const path of unknown) errors[path] = [`'${path}' is not a known field.`];
  return errors;
}

/**
 * The profile body: the profile form's data fields (not its privacy box), plus `verifiedEmail`,
 * which the client sends and the API accepts as it comes and ignores (the account decides it).
 */
const profileBodySchema: ObjectSchema<AnyObject> = buildSchema(
  profileFields.filter((f) => f.name !== 'privacy'),
).shape({ verifiedEmail: mixed().nullable() });

const practiceKeySchema = object({
  practiceKey: string()
    .strict()
    .typeError('practiceKey must be a string')
    .required('practiceKey is required')
    .max(100, 'practiceKey must be 100 characters or less'),
});

const emailRule = string()
  .strict()
  .typeError('Email must be a string')
  .email('Email must be a valid email address')
  .max(254, 'Email must be 254 characters or less');

const inviteSchema = practiceKeySchema.shape({ email: emailRule.nullable().optional() });
const verifyEmailSchema = object({
  email: emailRule.required('Email is required'),
  token: string().strict().typeError('token must be a string').max(200).nullable().optional(),
});

async function plainErrors(
  schema: ObjectSchema<AnyObject>,
  value: unknown,
): Promise<Record<string, string[]>> {
  try {
    await schema.validate(value, { abortEarly: false, strict: true });
    return {};
  } catch (error) {
    const errors: Record<string, string[]> = {};
    const e = error as { inner?: { path?: string; errors: string[] }[]; path?: string; errors?: string[] };
    const inner = e.inner && e.inner.length > 0 ? e.inner : [{ path: e.path, errors: e.errors ?? [] }];
    for (const item of inner) {
      const key = item.path ?? '';
      errors[key] = [...(errors[key] ?? []), ...item.errors.map(String)];
    }
    return errors;
  }
}

/** Missing nested objects become `{}` so every missing field is reported by its own path. */
function withNestedObjects(body: Record<string, unknown>): Record<string, unknown> {
  const practice = body.practice === undefined ? {} : body.practice;
  return {
    ...body,
    practice:
      isPlainObject(practice) && practice.address === undefined ? { ...practice, address: {} } : practice,
    profile: body.profile === undefined ? {} : body.profile,
    options: body.options === undefined ? {} : body.options,
  };
}

function mergeErrors(...maps: Record<string, string[]>[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const map of maps) {
    for (const [path, messages] of Object.entries(map)) {
      out[path] = [...new Set([...(out[path] ?? []), ...messages])];
    }
  }
  return out;
}

/**
 * The registration payload: the shared registration schema, plus the region's practice form schema
 * over the same payload (the practice form's fields are the payload's `practice.*` paths), so every
 * practice rule of spec §5 holds on the server whatever the registration schema composes.
 */
async function registrationErrors(body: Record<string, unknown>): Promise<Record<string, string[]>> {
  const value = withNestedObjects(body);
  const region = regionFor(typeof body.environment === 'string' ? body.environment : undefined).key;
  const [whole, practice] = await Promise.all([
    validationErrorMap(registrationSchemaForPayload(value), value, { strict: true }),
    validationErrorMap(practiceSchema(region), value, { strict: true }),
  ]);
  return mergeErrors(whole, practice);
}

interface BodyRules {
  /** The schema the body's fields come from (the registration's depends on its region). */
  schema(body: Record<string, unknown>): ObjectSchema<AnyObject>;
  errors(body: Record<string, unknown>): Promise<Record<string, string[]>>;
}

const fixed = (
  schema: ObjectSchema<AnyObject>,
  errors: (body: Record<string, unknown>) => Promise<Record<string, string[]>>,
): BodyRules => ({ schema: () => schema, errors });

/** Every kind of request body the API reads, with the schema that both shapes and validates it. */
const bodies = {
  registration: { schema: registrationSchemaForPayload, errors: registrationErrors },
  profile: fixed(profileBodySchema, (body) => validationErrorMap(profileBodySchema, body, { strict: true })),
  pin: fixed(pinSchema, (body) => validationErrorMap(pinSchema, body, { strict: true })),
  inviteCode: fixed(inviteCodeSchema, async (body) => {
    const code = body.inviteCode;
    if (code !== undefined && code !== null && typeof code !== 'string') {
      return { inviteCode: ['Invite code must be a string'] };
    }
    return validationErrorMap(inviteCodeSchema, body, { strict: false });
  }),
  practiceKey: fixed(practiceKeySchema, (body) => plainErrors(practiceKeySchema, body)),
  invite: fixed(inviteSchema, (body) => plainErrors(inviteSchema, body)),
  verifyEmail: fixed(verifyEmailSchema, (body) => plainErrors(verifyEmailSchema, body)),
} satisfies Record<string, BodyRules>;

export type BodyKind = keyof typeof bodies;

/** The known fields of a body kind (for a registration, those of its region's schema). */
export function bodyShape(kind: BodyKind, body: unknown = {}): Shape {
  return shapeOf(bodies[kind].schema(isPlainObject(body) ? body : {}));
}

/**
 * Validates a parsed JSON body of a kind: shape first (object, known fields), then the schema.
 * Returns the problem-details `errors` map, empty when valid.
 */
export async function validateBody(kind: BodyKind, body: unknown): Promise<Record<string, string[]>> {
  if (!isPlainObject(body)) return { '': ['The request body must be a JSON object.'] };
  const shapeProblem = shapeErrors(body, bodyShape(kind, body));
  if (shapeProblem) return shapeProblem;
  return bodies[kind].errors(body);
}
