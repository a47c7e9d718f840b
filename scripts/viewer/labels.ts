/**
 * Names a designer reads (decision 130): a short label for every event the viewer offers, built
 * from the event's own type and the model's payload (tests/model/*.model.ts: the registry spec's
 * payload variants), and a named fixture for every machine input. The full payload stays one
 * click away in the viewer; these labels only have to tell the choices of one state apart.
 *
 *   pin.submit {"pin":"1234"}                          → Submit pin 1234
 *   route.changed {"step":"account",…}                 → Route → account
 *   xstate.done.actor.loadProfile {user:…, profile:null} → Load profile answers: Ada (email verified), no profile
 *   xstate.error.actor.verifyPin {status:429,…}        → Verify pin fails: 429 Too many attempts
 *   xstate.after.popInDelay.loading.pending            → Wait 500 ms (pop-in delay)
 *
 * Browser-safe and pure (no DOM): unit-tested in labels.test.ts over every state of every
 * registered machine.
 */
import type { EventObject } from 'xstate';

/** `verifyPin` → `verify pin`, `email_verified` → `email verified`, `inviteCode` → `invite code`. */
export function words(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
}

const capital = (s: string): string => (s ? s[0]?.toUpperCase() + s.slice(1) : s);

const MAX = 44;
const clip = (s: string, max = MAX): string => (s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s);

/** Verbs the machines use as commands (`pin.submit`): the label reads "Submit pin". */
const imperative = new Set([
  'accept',
  'change',
  'choose',
  'confirm',
  'connect',
  'continue',
  'create',
  'disconnect',
  'dismiss',
  'dismissError',
  'end',
  'home',
  'load',
  'login',
  'logout',
  'open',
  'refresh',
  'register',
  'reload',
  'resend',
  'reset',
  'retry',
  'retryLogin',
  'select',
  'skip',
  'start',
  'submit',
  'useAlternate',
  'verify',
]);

type Dict = Record<string, unknown>;
const isDict = (v: unknown): v is Dict => typeof v === 'object' && v !== null && !Array.isArray(v);

function nameOf(v: Dict): string | null {
  if (typeof v.firstName === 'string' || typeof v.lastName === 'string')
    return [v.firstName, v.lastName].filter((s) => typeof s === 'string').join(' ');
  for (const key of ['practiceName', 'name', 'businessName']) {
    if (typeof v[key] === 'string' && v[key]) return v[key] as string;
  }
  return null;
}

/** A few words for a value of the model (an event's payload, an actor's answer, an input). */
export function summarize(value: unknown, depth = 0): string {
  if (value === undefined) return '';
  if (value === null) return 'none';
  if (value instanceof Error) return value.message;
  if (typeof value === 'string') return value.trim() === '' ? JSON.stringify(value) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    const shown = value.slice(0, 2).map((v) => summarize(v, depth + 1));
    return shown.join(', ') + (value.length > 2 ? ` +${value.length - 2}` : '');
  }
  if (!isDict(value)) return String(value);
  const keys = Object.keys(value);
  // A failed call (src/api's one failure type): its status and message.
  if (typeof value.status === 'number')
    return `${value.status}${typeof value.message === 'string' && value.message ? ` ${value.message}` : ''}`;
  // A thrown error-like object ({ error: 'timeout' }, { code: 'negotiateFailed' }).
  if (keys.length === 1 && (keys[0] === 'error' || keys[0] === 'code') && typeof value[keys[0]] === 'string')
    return value[keys[0]] as string;
  // A hub or store message: its kind, then what it carries.
  if (typeof value.type === 'string' && 'payload' in value)
    return `${value.type}: ${summarize(value.payload, depth + 1)}`;
  // A signed-in user (the identity provider's profile).
  if ('email_verified' in value) {
    const email = typeof value.email === 'string' ? value.email.split('@')[0] : null;
    const who =
      (typeof value.given_name === 'string' && value.given_name) ||
      (typeof value.name === 'string' && value.name) ||
      email ||
      'user';
    return `${who} (email ${value.email_verified ? 'verified' : 'unverified'})`;
  }
  const named = nameOf(value);
  if (named && depth > 0) return named;
  const parts: string[] = [];
  if (named) parts.push(named);
  // A discriminant first ({ kind: 'signedIn' }, { status: 'signedOut' }, { result: 'ready' }).
  for (const key of ['kind', 'status', 'result', 'screen', 'step', 'via']) {
    if (typeof value[key] === 'string') parts.push(words(value[key] as string));
  }
  for (const key of keys) {
    if (['kind', 'status', 'result', 'screen', 'step', 'via', 'type'].includes(key)) continue;
    if (named && ['firstName', 'lastName', 'practiceName', 'name', 'businessName'].includes(key)) continue;
    const v = value[key];
    if (v === undefined) continue;
    if (v === null) {
      // Only the absences that say something: "no profile", "no user".
      if (depth === 0 && !/code$|error/i.test(key)) parts.push(`no ${words(key)}`);
      continue;
    }
    const innerName = isDict(v) && !('email_verified' in v) ? nameOf(v) : null;
    if (innerName) parts.unshift(innerName);
    else if (Array.isArray(v)) parts.push(v.length === 0 ? `no ${words(key)}` : `${v.length} ${words(key)}`);
    else if (typeof v === 'boolean') parts.push(v ? words(key) : `not ${words(key)}`);
    else if (typeof v === 'string' || typeof v === 'number') parts.push(`${words(key)} ${summarize(v)}`);
    else if (depth < 1) {
      const inner = summarize(v, depth + 1);
      parts.push(inner && inner.length <= 36 ? inner : words(key));
    }
    if (parts.join(', ').length > MAX) break;
  }
  return parts.join(', ');
}

/** The spelled-out delay: `Wait 500 ms (pop-in delay)`, `Wait 5 min (recheck interval)`. */
function waitLabel(delayName: string, ms: number | null): string {
  const span =
    ms === null
      ? ''
      : ms >= 60_000 && ms % 60_000 === 0
        ? `${ms / 60_000} min`
        : ms >= 1000 && ms % 1000 === 0
          ? `${ms / 1000} s`
          : `${ms} ms`;
  const name = words(delayName).replace(/^pop in/, 'pop-in');
  return span ? `Wait ${span} (${name})` : `Wait (${name})`;
}

/** What the label of an event adds from its payload. */
function payloadOf(event: EventObject): string {
  const rest = Object.keys(event).filter((k) => k !== 'type');
  if (rest.length === 0) return '';
  const data = event as unknown as Dict;
  if (rest.length === 1) return summarize(data[rest[0] as string], 1);
  return summarize(Object.fromEntries(rest.map((k) => [k, data[k]])));
}

/**
 * The designer's label of one event. `delay` names the delay of a delayed event (its type only
 * carries the name) with its milliseconds.
 */
export function designerLabel(event: EventObject, delay?: { name: string; ms: number | null }): string {
  const { type } = event;
  if (type.startsWith('xstate.after.'))
    return waitLabel(delay?.name ?? type.split('.')[2] ?? '', delay?.ms ?? null);
  if (type.startsWith('xstate.done.actor.')) {
    const actor = capital(words(type.slice('xstate.done.actor.'.length)));
    const output = (event as { output?: unknown }).output;
    if (output === undefined) return `${actor} succeeds`;
    return clip(`${actor} answers: ${summarize(output)}`, 60);
  }
  if (type.startsWith('xstate.error.actor.')) {
    const actor = capital(words(type.slice('xstate.error.actor.'.length)));
    const why = summarize((event as { error?: unknown }).error);
    return clip(why && why !== 'fake' ? `${actor} fails: ${why}` : `${actor} fails`, 60);
  }
  if (type === 'route.changed') {
    const route = event as { step?: unknown; practiceKey?: unknown; directoryPracticeKey?: unknown };
    const key =
      typeof route.practiceKey === 'string'
        ? ` (practice ${route.practiceKey})`
        : typeof route.directoryPracticeKey === 'string'
          ? ` (directory ${route.directoryPracticeKey})`
          : '';
    return `Route → ${typeof route.step === 'string' ? route.step : '?'}${key}`;
  }
  const dot = type.lastIndexOf('.');
  const subject = dot > 0 ? words(type.slice(0, dot)) : '';
  const verb = dot > 0 ? type.slice(dot + 1) : type;
  const head = imperative.has(verb) ? `${words(verb)} ${subject}` : `${subject} ${words(verb)}`;
  const payload = payloadOf(event);
  return clip(capital(`${head.trim()}${payload ? ` ${payload}` : ''}`), 60);
}

/** Leaf values of an event by dotted path (`state.email.verified` → `true`), Errors by message. */
function leaves(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (value instanceof Error) out.set(prefix, value.message);
  else if (Array.isArray(value)) {
    out.set(prefix ? `${prefix}.length` : 'length', String(value.length));
    value.forEach((v, i) => {
      leaves(v, `${prefix}[${i}]`, out);
    });
  } else if (isDict(value)) {
    for (const [k, v] of Object.entries(value)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  } else out.set(prefix, value === undefined ? '—' : summarize(value) || '—');
  return out;
}

/**
 * Labels for the choices of one state, told apart: where several choices read the same, each gets
 * the field that tells them apart (the shortest path whose value differs: `· verified yes`), and
 * only if nothing does, its position among its twins (`(2)`).
 */
export function distinctLabels(labels: string[], events?: EventObject[]): string[] {
  const groups = new Map<string, number[]>();
  labels.forEach((l, i) => {
    groups.set(l, [...(groups.get(l) ?? []), i]);
  });
  const out = [...labels];
  for (const [label, members] of groups) {
    if (members.length < 2) continue;
    if (events) {
      const maps = members.map((i) => leaves(events[i]));
      const paths = [...new Set(maps.flatMap((m) => [...m.keys()]))]
        .filter((p) => new Set(maps.map((m) => m.get(p) ?? '—')).size > 1)
        .sort((a, b) => a.split(/[.[]/).length - b.split(/[.[]/).length || a.length - b.length);
      const path = paths[0];
      if (path) {
        const field = words(
          path
            .split('.')
            .pop()
            ?.replace(/\[\d+\]$/, '') ?? path,
        );
        members.forEach((i, n) => {
          const v = maps[n]?.get(path) ?? '—';
          const shown = v === 'true' ? 'yes' : v === 'false' ? 'no' : v;
          out[i] = `${clip(label, 46)} · ${field} ${clip(shown, 20)}`;
        });
        if (new Set(members.map((i) => out[i])).size === members.length) continue;
      }
    }
    members.forEach((i, n) => {
      out[i] = `${label} (${n + 1})`;
    });
  }
  return out;
}

// ───────────────────────────── input fixtures ─────────────────────────────

type Namer = (input: Dict) => string | null;

/**
 * Named fixtures for the registry's inputs (tests/model/*.model.ts), by machine. An input no rule
 * names is named from its own fields (`summarize`); labels.test.ts requires every input of every
 * registered machine to have a name of its own.
 */
const namers: Record<string, Namer> = {
  onboarding: (i) => {
    const draft = isDict(i.draft) ? i.draft : {};
    switch (i.step) {
      case 'pin':
        return 'new user';
      case 'account':
        return 'pin accepted, no account yet';
      case 'profile':
        return 'signed up, no profile';
      case 'practice':
        return draft.profile ? 'returning, no practice (draft kept)' : 'returning, no practice';
      case 'thankYou':
        return i.practiceKey ? 'practice registered' : 'thank-you, practice unknown';
      case 'directoryPractice':
        return i.directoryPracticeKey ? 'practice from the directory' : 'directory link without a practice';
      default:
        return null;
    }
  },
  joinPractice: (i) => {
    if (i.via === 'code') return i.code ? `invite code ${String(i.code)}` : 'invite code page, no code';
    if (i.via === 'link') {
      const key = typeof i.practiceKey === 'string' ? i.practiceKey : null;
      if (!key) return 'invite link without a practice';
      return key.startsWith('uk-')
        ? 'UK practice'
        : key.startsWith('au-')
          ? 'AU practice'
          : `invite to ${key}`;
    }
    return null;
  },
  emailVerification: (i) => {
    if (i.screen === 'unverified') return 'unverified email';
    const user = isDict(i.user) ? i.user : null;
    if (!user) return i.email ? 'verification link, signed out' : 'verification link, signed out, no address';
    return user.email === i.email ? 'verification link, same user' : 'verification link, another user';
  },
  buildCheck: (i) =>
    i.chunkReloadedFor
      ? 'after a reload for a new build'
      : i.storedVersion
        ? 'returning visitor'
        : 'first visit',
  loading: (i) =>
    i.loaded ? 'already loaded' : i.keepContentVisible ? 'content kept visible' : 'first load',
  landing: (i) => (i.inviteLanding ? 'landing from an invite' : 'landing'),
};

/** The named fixture of input number `index` of machine `machine`. */
export function inputName(machine: string, input: unknown, index: number): string {
  if (input === null || input === undefined) return index === 0 ? 'default' : `input ${index + 1}`;
  if (isDict(input)) {
    const named = namers[machine]?.(input);
    if (named) return named;
    const s = summarize(input);
    return s || (index === 0 ? 'default' : `input ${index + 1}`);
  }
  return summarize(input);
}

/** `returning, no practice (draft kept)` → `returning-no-practice-draft-kept` (for addresses). */
export function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
