import type { Db } from '../db';

/**
 * oidc-provider storage in SQLite (table `oidc_models`), so IdP sessions, grants and refresh tokens
 * survive a restart of the stack and are never evicted (the built-in memory adapter is an LRU of
 * 1000 entries shared by every provider in the process). Interface: oidc-provider's Adapter.
 */

type Payload = Record<string, unknown> & { uid?: string; userCode?: string; grantId?: string };

const now = () => Math.floor(Date.now() / 1000);

export function createSqliteAdapter(db: Db) {
  const upsert = db.prepare(
    `INSERT INTO oidc_models (model, id, payload, expires_at, uid, user_code, grant_id, consumed_at)
     VALUES (@model, @id, @payload, @expiresAt, @uid, @userCode, @grantId, NULL)
     ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, expires_at = excluded.expires_at,
       uid = excluded.uid, user_code = excluded.user_code, grant_id = excluded.grant_id, consumed_at = NULL`,
  );
  const live = 'AND (expires_at IS NULL OR expires_at > ?)';
  const findById = db.prepare(
    `SELECT payload, consumed_at FROM oidc_models WHERE model = ? AND id = ? ${live}`,
  );
  const findByUid = db.prepare(
    `SELECT payload, consumed_at FROM oidc_models WHERE model = ? AND uid = ? ${live}`,
  );
  const findByUserCode = db.prepare(
    `SELECT payload, consumed_at FROM oidc_models WHERE model = ? AND user_code = ? ${live}`,
  );
  const consume = db.prepare('UPDATE oidc_models SET consumed_at = ? WHERE model = ? AND id = ?');
  const destroy = db.prepare('DELETE FROM oidc_models WHERE model = ? AND id = ?');
  // Like oidc-provider's memory adapter: revoking a grant removes the tokens issued under it, never
  // an Interaction or Session that merely mentions the grant (switching accounts mid-interaction
  // ends the old session, which revokes its grant; deleting the interaction broke the resume).
  const revoke = db.prepare(
    `DELETE FROM oidc_models WHERE grant_id = ? AND model IN
       ('AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode', 'BackchannelAuthenticationRequest')`,
  );
  const sweep = db.prepare('DELETE FROM oidc_models WHERE expires_at IS NOT NULL AND expires_at <= ?');
  let writes = 0;

  const read = (row: { payload: string; consumed_at: number | null } | undefined): Payload | undefined => {
    if (!row) return undefined;
    const payload = JSON.parse(row.payload) as Payload;
    return row.consumed_at === null ? payload : { ...payload, consumed: row.consumed_at };
  };

  return class SqliteAdapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
      upsert.run({
        model: this.model,
        id,
        payload: JSON.stringify(payload),
        expiresAt: typeof expiresIn === 'number' ? now() + expiresIn : null,
        uid: payload.uid ?? null,
        userCode: payload.userCode ?? null,
        grantId: payload.grantId ?? null,
      });
      writes += 1;
      if (writes % 200 === 0) sweep.run(now());
    }

    async find(id: string): Promise<Payload | undefined> {
      return read(
        findById.get(this.model, id, now()) as { payload: string; consumed_at: number | null } | undefined,
      );
    }

    async findByUid(uid: string): Promise<Payload | undefined> {
      return read(
        findByUid.get(this.model, uid, now()) as { payload: string; consumed_at: number | null } | undefined,
      );
    }

    async findByUserCode(userCode: string): Promise<Payload | undefined> {
      return read(
        findByUserCode.get(this.model, userCode, now()) as
          | { payload: string; consumed_at: number | null }
          | undefined,
      );
    }

    async consume(id: string): Promise<void> {
      consume.run(now(), this.model, id);
    }

    async destroy(id: string): Promise<void> {
      destroy.run(this.model, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      revoke.run(grantId);
    }
  };
}
