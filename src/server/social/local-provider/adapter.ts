import { getDb } from '../../db/database.ts';

/**
 * oidc-provider's storage adapter over our database, so the local OpenID provider keeps no state in one app
 * instance's memory (interactions, sessions, codes and grants are rows in oidc_payloads).
 */
type Payload = Record<string, unknown> & { grantId?: string; userCode?: string; uid?: string; consumed?: number };

export class DbAdapter {
  private readonly model: string;
  constructor(model: string) {
    this.model = model;
  }

  async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
    const db = await getDb();
    const row = {
      model: this.model,
      id,
      payload: JSON.stringify(payload),
      grant_id: payload.grantId ?? null,
      user_code: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null,
      consumed_at: null,
    };
    await db.kysely
      .insertInto('oidc_payloads')
      .values(row)
      .onConflict((oc) =>
        oc
          .columns(['model', 'id'])
          .doUpdateSet({ payload: row.payload, grant_id: row.grant_id, user_code: row.user_code, uid: row.uid, expires_at: row.expires_at }),
      )
      .execute();
  }

  private async findWhere(column: 'id' | 'uid' | 'user_code', value: string): Promise<Payload | undefined> {
    const db = await getDb();
    const row = await db.kysely.selectFrom('oidc_payloads').selectAll().where('model', '=', this.model).where(column, '=', value).executeTakeFirst();
    if (!row || (row.expires_at && row.expires_at <= new Date().toISOString())) return undefined;
    const payload = JSON.parse(row.payload) as Payload;
    return row.consumed_at ? { ...payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) } : payload;
  }

  find(id: string) {
    return this.findWhere('id', id);
  }
  findByUid(uid: string) {
    return this.findWhere('uid', uid);
  }
  findByUserCode(userCode: string) {
    return this.findWhere('user_code', userCode);
  }

  async consume(id: string): Promise<void> {
    const db = await getDb();
    await db.kysely
      .updateTable('oidc_payloads')
      .set({ consumed_at: new Date().toISOString() })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    const db = await getDb();
    await db.kysely.deleteFrom('oidc_payloads').where('model', '=', this.model).where('id', '=', id).execute();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    const db = await getDb();
    await db.kysely.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
  }
}
