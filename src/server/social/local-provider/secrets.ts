import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { getDb } from '../../db/database.ts';

/**
 * The local provider's signing key, cookie key and client secret: made once, kept in the database, so every
 * instance (and the store's own OIDC client) agrees on them.
 */
export interface LocalSecrets {
  jwk: Record<string, unknown>;
  cookieKey: string;
  clientSecret: string;
}

export async function localSecrets(): Promise<LocalSecrets> {
  const db = await getDb();
  const find = () =>
    db.kysely.selectFrom('oidc_payloads').select('payload').where('model', '=', '_local').where('id', '=', 'secrets').executeTakeFirst();
  const existing = await find();
  if (existing) return JSON.parse(existing.payload) as LocalSecrets;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' };
  const fresh: LocalSecrets = { jwk, cookieKey: randomBytes(32).toString('base64url'), clientSecret: randomBytes(32).toString('base64url') };
  // Two instances starting together: the first insert wins and both read it back.
  await db.kysely
    .insertInto('oidc_payloads')
    .values({
      model: '_local',
      id: 'secrets',
      payload: JSON.stringify(fresh),
      grant_id: null,
      user_code: null,
      uid: null,
      expires_at: null,
      consumed_at: null,
    })
    .onConflict((oc) => oc.columns(['model', 'id']).doNothing())
    .execute();
  return JSON.parse((await find())!.payload) as LocalSecrets;
}
