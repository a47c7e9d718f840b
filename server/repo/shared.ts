import type { RegionKey } from '#machines/domain';
import type { Db } from '../db';

/** What every aggregate of the store shares: the database, the clock, fault points, environment URLs. */

/** Named points where a test can force a failure inside a transaction (testHooks only). */
export type FaultPoint = 'registerPractice.afterPracticeInsert' | 'acceptInvite.afterMembershipInsert';

export class FaultInjected extends Error {
  constructor(readonly point: FaultPoint) {
    super(`Injected failure at ${point}`);
  }
}

/** A business failure: answered as `{ isSuccess: false, message }` with `status`. */
export class BusinessError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export const now = () => new Date().toISOString();

export interface RepoOptions {
  /** Origin of each regional environment (e.g. http://localhost:4003). */
  environments: Record<RegionKey, string>;
}

export interface RepoContext {
  db: Db;
  /** Throws FaultInjected when a test armed this point (once). */
  fault(point: FaultPoint): void;
  /** `<region origin>/practice/<key>`. */
  environmentUrl(environment: RegionKey, practiceKey: string): string;
}
