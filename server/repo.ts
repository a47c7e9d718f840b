import type { RegionKey, UserState } from '#machines/domain';
import type { Db } from './db';
import { createAccounts } from './repo/accounts';
import { createActivation } from './repo/activation';
import { createMailStore } from './repo/mail';
import { createPractices } from './repo/practices';
import { createProfiles } from './repo/profiles';
import { FaultInjected, type FaultPoint, type RepoContext, type RepoOptions } from './repo/shared';

/**
 * Data access for the stack, one module per aggregate under `server/repo/`: accounts and their
 * verification tickets, mail, profiles, practices and invites, pins and activation. This file puts
 * them together into the one `Repo` the API, the hub and the identity provider use, and holds what
 * reads across them (the user state the hub pushes). Every write that touches more than one row
 * runs in a transaction.
 */

export type Repo = ReturnType<typeof createRepo>;

export function createRepo(db: Db, options: RepoOptions) {
  const armedFaults = new Set<FaultPoint>();
  const context: RepoContext = {
    db,
    fault(point) {
      if (armedFaults.delete(point)) throw new FaultInjected(point);
    },
    environmentUrl: (environment: RegionKey, practiceKey: string) =>
      `${options.environments[environment]}/practice/${encodeURIComponent(practiceKey)}`,
  };

  const accounts = createAccounts(context);
  const profiles = createProfiles(context);
  const practices = createPractices(context);

  return {
    db,
    environmentUrl: context.environmentUrl,
    faults: {
      arm(point: FaultPoint) {
        armedFaults.add(point);
      },
      clear() {
        armedFaults.clear();
      },
    },
    ...accounts,
    ...createMailStore(context),
    ...profiles,
    ...practices,
    ...createActivation(context, practices, profiles),

    /** The user state the hub pushes (and `GET /api/userpractice/state` answers). */
    userState(sub: string): Omit<UserState, 'practicesHasLoaded'> | null {
      const user = accounts.getUser(sub);
      if (!user) return null;
      return {
        practices: practices.userPractices(sub),
        invites: user.emailVerified ? practices.pendingInvites(user.email) : [],
        email: { address: user.email, verified: user.emailVerified },
        hasProfile: profiles.getProfile(sub) !== null,
      };
    },
    countRows(table: 'practices' | 'profiles' | 'user_practices' | 'invites' | 'users'): number {
      return (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    },
  };
}
