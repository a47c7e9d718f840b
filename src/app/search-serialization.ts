import { parseSearchWith, stringifySearchWith } from '@tanstack/react-router';

/**
 * Query strings stay plain text. TanStack Router's default serializer JSON-encodes values, so a
 * pin of 1234 would be written as `?pin=%221234%22` and read back as a number. Every search
 * parameter of this app is a string (or 'true'/'false'), validated by the route's yup schema, so
 * values are read verbatim and written verbatim (objects, which no route uses, as JSON).
 */
export const parseSearch = parseSearchWith((value: string) => value);
export const stringifySearch = stringifySearchWith((value: unknown) => JSON.stringify(value));
