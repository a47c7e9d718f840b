/**
 * Business constants from spec §9, in one place. Machines name their delays from these objects
 * (`delays: { popInDelay: loadingDelays.popInDelay }`), so charts and tests show the spec's numbers.
 */

export const loadingDelays = {
  /** Content hidden until the pop-in delay, then the spinner shows. */
  popInDelay: 500,
  /** The spinner stays at least this long once shown. */
  minimumDisplay: 2000,
  /** After this the long-loading message ('Sorry!') is added. */
  longLoading: 15000,
} as const;

/**
 * Start-up (docs/decisions/022-guard-sign-in-pending.md): the configuration calls may take until the
 * long-loading message has been on screen a while ('Sorry!', contact us, Logout, from 15 s); only
 * then does the start-up give up and show the failure screen (Try again, Logout, contact us).
 */
export const bootstrapDelays = {
  configTimeout: 30000,
  /** How long the router's first load may hold the app's first render back (decision 181). */
  firstLoadAtMost: 5000,
} as const;

/**
 * A submit button's spinner (decision 042): the spec's loading pop-in (§4 Loading, §9) applied to
 * a form's pending request. A quick answer moves on without the form flashing a spinner.
 */
export const busyIndicatorDelays = {
  /** The spinner shows (and the form locks) only once a request has run this long. */
  popInDelay: loadingDelays.popInDelay,
  /**
   * A press replayed from the prerendered page (decision 198) counts as the start of the work the
   * app starts within this long of the replay (the submit's validation is asynchronous).
   */
  carriedPressWindow: 1000,
} as const;

export const navigationDelays = {
  /** Landing: no active practice → /switch-practice after this delay. */
  landingDelay: 2500,
  /** /auth/redirect waits this long, then goes on. */
  authRedirectWait: 1000,
} as const;

export const realtime = {
  /** Automatic reconnect delays (ms): 0, 0, 2 s, 10 s, 30 s, then stop. */
  reconnectDelays: [0, 0, 2000, 10000, 30000] as readonly number[],
  serverTimeout: 30000,
  keepAliveInterval: 15000,
  negotiateRedirectLimit: 100,
  httpTimeout: 100000,
  longPollTimeout: 100000,
  disconnectDelay: 200,
} as const;

/**
 * Code recovery (docs/decisions/195-a-page-whose-code-cannot-load-says-so.md): how often the app
 * asks its origin whether it answers again after a lazily loaded part failed, and how long a
 * document loaded by a recovery reload waits before it may reload by itself again (no loop).
 */
export const codeRecoveryDelays = {
  originProbeInterval: 3000,
  /** How long one origin probe may take before the origin counts as not answering. */
  originProbeTimeout: 5000,
  reloadLoopWindow: 60000,
  /**
   * How long a retry of the failed loads may take before it counts as failed (decision 195): a
   * request stalled on the way (Wi-Fi gone without the connection being reset) would otherwise
   * leave Try again busy for good. The largest retry, the forms' layer with a screen (about 60 KB
   * compressed), takes 2–3 s at 256 kbit/s.
   */
  retryTimeout: 20000,
} as const;

export const limits = {
  pinLength: 4,
  textMinLength: 3,
  textMaxLength: 50,
  avatarInitials: 3,
  badgeLetters: 3,
  // The spec's debounce default (1000 ms) is not declared: nothing in this product waits for
  // typing to stop (decision 003).
} as const;

export const breakpoints = { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 } as const;
export const menuBreakpoint = 'sm' as const;
export const collapseAnimationMs = 350;

export const authConstants = {
  defaultScope: 'openid profile email',
  refreshScope: 'offline_access',
  httpTimeoutSeconds: 10,
  popupTimeoutSeconds: 60,
  idTokenLeewaySeconds: 60,
  defaultAudience: 'default',
  /**
   * Silent checks of the session at start-up, counting the first: one more when the provider
   * refused the code it had just issued (`invalid_grant`), because an earlier exchange of that
   * code was cut off (docs/decisions/128-sdk-behind-the-session-machine.md). Not a spec
   * constant.
   */
  silentCheckAttempts: 2,
  callbackUrlParam: 'CallbackUrl',
  loginHintParam: 'loginHint',
  /**
   * The default logout return target (spec §4 Session cleanup: 'the callback URL parameter, else
   * the default logout return target, else the current location'). None is configured for this
   * app (decision 128): a Logout without a target returns to the app's root, and the session
   * cleanup to the current location. A same-origin path or an allowed origin's URL when set.
   */
  defaultLogoutReturnTo: null as string | null,
} as const;

/**
 * Onboarding thank-you page (spec §2: redirect once the practice appears in the user's practice
 * list). The spec gives no numbers; see docs/decisions/100-onboarding-route-owns-its-actor.md. Polling runs only while the
 * real-time connection is down.
 */
export const onboardingDelays = {
  /** Calm polling of GET /api/userpractice/ while the real-time connection is not up. */
  activationPoll: 5000,
  /** After this the page says activation is taking longer than usual (it keeps waiting). */
  activationTakingLong: 120000,
} as const;

/**
 * Real-time connection retries the app adds around SignalR's own automatic reconnect
 * (spec §4: a failed start is retried; the spec gives no number). See docs/realtime.md.
 */
export const realtimeRetryDelays = {
  /** After a failed start (negotiate refused, no transport, …), try again after this. */
  startRetryDelay: 5000,
  /** After automatic reconnect gave up, keep trying at this calm pace (and on tab visible). */
  calmRetryDelay: 60000,
} as const;

/**
 * Email verification (not in the spec's numbers: chosen so 'Resend verification Email' cannot be
 * hammered). The screen counts the cooldown down once a second.
 */
export const emailVerificationDelays = {
  resendCooldownSeconds: 30,
  cooldownTick: 1000,
} as const;

/**
 * Build freshness (spec §2, §4 "Build check"): how often an open app re-checks /meta.json.
 * Not a spec value: decided in docs/decisions/002-build-freshness.md.
 */
export const buildCheckDelays = {
  recheckInterval: 5 * 60 * 1000,
} as const;
