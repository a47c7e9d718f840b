/**
 * A machine's context as rows a designer reads: one row per field, nested records flattened to
 * dotted names (`draft.profile.firstName`), lists shown by count and then item by item, empty
 * values spelled out ("—" for null, "(empty)" for ""). Pure; unit-tested in context-table.test.ts.
 */
export interface ContextRow {
  /** Dotted path of the field (`draft.profile.firstName`, `devices[0].name`). */
  field: string;
  value: string;
  /** Nesting depth (indent in the table). */
  depth: number;
}

const MAX_ROWS = 200;

function scalar(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (v instanceof Error) return `Error: ${v.message}`;
  if (typeof v === 'string') return v === '' ? '(empty)' : v;
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (typeof v === 'function') return '(function)';
  if (typeof v === 'object' && 'id' in v && 'send' in v) return `actor ${String((v as { id: unknown }).id)}`;
  return String(v);
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  !(v instanceof Error) &&
  !('send' in v && 'getSnapshot' in v);

export function contextRows(context: unknown): ContextRow[] {
  const rows: ContextRow[] = [];
  const visit = (field: string, v: unknown, depth: number) => {
    if (rows.length >= MAX_ROWS) return;
    if (Array.isArray(v)) {
      rows.push({
        field,
        value: v.length === 0 ? 'none' : `${v.length} item${v.length === 1 ? '' : 's'}`,
        depth,
      });
      for (const [i, item] of v.entries()) visit(`${field}[${i}]`, item, depth + 1);
    } else if (isRecord(v)) {
      const keys = Object.keys(v);
      if (field !== '') rows.push({ field, value: keys.length === 0 ? '(nothing)' : '', depth });
      for (const k of keys) visit(field === '' ? k : `${field}.${k}`, v[k], field === '' ? depth : depth + 1);
    } else {
      rows.push({ field: field || '(context)', value: scalar(v), depth });
    }
  };
  visit('', context, 0);
  if (rows.length >= MAX_ROWS) rows.push({ field: '…', value: `first ${MAX_ROWS} rows shown`, depth: 0 });
  return rows;
}
