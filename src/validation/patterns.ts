/**
 * Shared patterns (spec §5 'Shared patterns') and the value checks built on them. Pure: no yup here.
 * Region-specific patterns (business number, postcode, landline area codes) live in `regions.ts`.
 * Choices the spec leaves open are recorded in docs/decisions/003-validation-messages.md.
 */

/** Standard email address: the WHATWG `type=email` grammar, with at least one dot in the domain. */
export const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/**
 * Lenient phone: optional country code 61 or 44 (optionally written with '+'), optional bracketed
 * area code 0 then 1-9, then 6 to 11 digits. Spaces and hyphens are removed before matching
 * (see `compactPhone`).
 */
export const phonePattern = /^(?:\+?(?:61|44))?(?:\(0[1-9]\))?\d{6,11}$/;

/** Strict mobile: optional country code 61 or 44, optional leading 0, a digit 1-9, then 8 to 10 digits. */
export const phoneMobileStrictPattern = /^(?:\+?(?:61|44))?0?[1-9]\d{8,10}$/;

/** Microchip: exactly 15 digits. */
export const microchipIdPattern = /^\d{15}$/;

/** integer: optional minus then digits. */
export const integerPattern = /^-?\d+$/;
/** decimal: optional minus, digits, dot, digits. */
export const decimalPattern = /^-?\d+\.\d+$/;
/** number: integer or decimal. */
export const numberPattern = /^-?\d+(?:\.\d+)?$/;

/** guid: 8-4-4-4-12 hexadecimal. */
export const guidPattern = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/**
 * Money: comma thousands separator (optional, but when used every group has 3 digits), dot decimal,
 * exactly 2 decimals, negatives allowed, currency symbol ($ or £) allowed but not required.
 */
export const moneyPattern = /^-?[$£]?(?:\d{1,3}(?:,\d{3})+|\d+)\.\d{2}$/;

/** Default strong password: at least 8 characters with 1 lowercase, 1 uppercase, 1 number and 1 symbol. */
export const strongPasswordPattern = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9\s]).{8,}$/s;

/** yyyy-MM-dd. */
export const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
/** HH:mm or HH:mm:ss (24 h). */
export const timePattern = /^(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?$/;
/**
 * Date time: yyyy-MM-ddTHH:mm[:ss[.fff]] with an optional zone (Z or ±HH:mm); a space may replace the T.
 * `datetime-local` uses the same rule (its values never carry a zone).
 */
export const dateTimePattern =
  /^(\d{4}-\d{2}-\d{2})[T ]((?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,3})?)?)(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?$/;

/** Removes the spaces, hyphens and dots people type inside phone numbers. */
export function compactPhone(value: string): string {
  return value.replace(/[\s.-]/g, '');
}

/** A real calendar date in yyyy-MM-dd (rejects 2023-02-29, month 13, day 00). */
export function isValidDate(value: string): boolean {
  const m = datePattern.exec(value);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
}

export function isValidTime(value: string): boolean {
  return timePattern.test(value);
}

export function isValidDateTime(value: string): boolean {
  const m = dateTimePattern.exec(value);
  return m !== null && isValidDate(m[1] ?? '');
}

/** http(s) URL with a host name. */
export function isValidUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
}
