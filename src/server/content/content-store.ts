import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { DOCUMENT_IDS, DOCUMENT_TITLES, type DocumentId, parseDocument } from '#src/lib/content/content-documents.ts';
import type { AuditEntry, DocumentSummary, DocumentVersion, SaveConflict, VersionInfo } from '#src/lib/content/editor-types.ts';
import { deadLinkProblem, promoContrastProblem } from '#src/lib/content/publish-checks.ts';
import type { Db } from '../db/database.ts';
import { type Tx, withWriteTransaction } from '../db/transaction.ts';
import { Refusal } from '../refusal.ts';

/**
 * Versioned content documents in the database. A save adds a version (the one it started from must still be the
 * latest, or it is refused with 409 naming who saved the newer one); versions are never changed. A publication makes
 * a version live from an instant: now, or later (a schedule, which needs no process: whoever reads at or after that
 * instant reads it). A rollback is a new version with an older one's content, published at once, so history is never
 * rewritten. What is live at an instant is, per document, the publication with the latest instant not after it.
 */
export const CONFLICT_CODE = 'content-conflict';

interface Who {
  email: string;
}

export async function audit(tx: Tx, who: Who, action: AuditEntry['action'], documentId: string | null, detail: string): Promise<void> {
  await tx
    .insertInto('content_audit')
    .values({ id: randomUUID(), at: new Date().toISOString(), editor_email: who.email, action, document_id: documentId, detail })
    .execute();
}

async function latestRow(tx: Tx, id: DocumentId) {
  const row = await tx
    .selectFrom('content_versions')
    .select(['version', 'saved_by', 'saved_at'])
    .where('document_id', '=', id)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) throw new Refusal(`There is no document ${id}.`, 404);
  return row;
}

/** The live version of each document at an instant, read in one statement so a reader never sees half a publish. */
async function liveRows(tx: Tx, at: string, ids: readonly DocumentId[] = DOCUMENT_IDS) {
  const rows = await tx
    .selectFrom('content_publications as p')
    .innerJoin('content_versions as v', (j) => j.onRef('v.document_id', '=', 'p.document_id').onRef('v.version', '=', 'p.version'))
    .select(['p.document_id', 'p.version', 'v.content'])
    .where('p.live_at', '<=', at)
    .where('p.document_id', 'in', ids)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('content_publications as q')
            .select('q.id')
            .whereRef('q.document_id', '=', 'p.document_id')
            .where('q.live_at', '<=', at)
            .where((w) =>
              w.or([
                w('q.live_at', '>', w.ref('p.live_at')),
                w.and([w('q.live_at', '=', w.ref('p.live_at')), w('q.published_at', '>', w.ref('p.published_at'))]),
              ]),
            ),
        ),
      ),
    )
    .execute();
  return new Map(rows.map((r) => [r.document_id as DocumentId, { version: r.version, content: JSON.parse(r.content) as unknown }]));
}

/** Every document's content live at an instant (ISO), by id. */
export async function liveContent(db: Db, at: string, ids?: readonly DocumentId[]): Promise<Map<DocumentId, { version: number; content: unknown }>> {
  return liveRows(db.kysely, at, ids);
}

/** Every document's latest saved version (the drafts), by id. */
export async function latestContent(db: Db): Promise<Map<DocumentId, { version: number; content: unknown }>> {
  const rows = await db.kysely
    .selectFrom('content_versions as v')
    .select(['v.document_id', 'v.version', 'v.content'])
    .where('v.version', '=', (eb) =>
      eb
        .selectFrom('content_versions as w')
        .select((w) => w.fn.max('w.version').as('m'))
        .whereRef('w.document_id', '=', 'v.document_id'),
    )
    .execute();
  return new Map(rows.map((r) => [r.document_id as DocumentId, { version: r.version, content: JSON.parse(r.content) as unknown }]));
}

/**
 * What pages rendered from content depend on: the number of publications live now. Publications are never removed,
 * so it grows with every publish, rollback and schedule that comes due, and the page caches keyed by it drop their
 * pages then. `nextChange`: the instant the next schedule comes due (the stamp holds until then), or null.
 */
export async function contentStamp(db: Db, now = new Date()): Promise<{ stamp: string; nextChange: string | null }> {
  const at = now.toISOString();
  const row = await db.kysely
    .selectFrom('content_publications')
    .select((eb) => [
      eb.fn.count<number | string>(sql`case when live_at <= ${at} then 1 end`).as('live'),
      eb.fn.min<string | null>(sql`case when live_at > ${at} then live_at end`).as('next'),
    ])
    .executeTakeFirstOrThrow();
  return { stamp: `c${Number(row.live)}`, nextChange: row.next ?? null };
}

export async function readDocument(db: Db, id: DocumentId, version?: number): Promise<DocumentVersion> {
  const tx = db.kysely;
  const wanted = version ?? (await latestRow(tx, id)).version;
  const row = await tx.selectFrom('content_versions').selectAll().where('document_id', '=', id).where('version', '=', wanted).executeTakeFirst();
  if (!row) throw new Refusal(`${DOCUMENT_TITLES[id]} has no version ${wanted}.`, 404);
  const live = (await liveRows(tx, new Date().toISOString(), [id])).get(id)?.version ?? null;
  return { id, version: row.version, content: JSON.parse(row.content) as unknown, savedBy: row.saved_by, savedAt: row.saved_at, live };
}

export async function listDocuments(db: Db): Promise<DocumentSummary[]> {
  const now = new Date().toISOString();
  const [latest, live, scheduled] = await Promise.all([
    db.kysely
      .selectFrom('content_versions')
      .select(['document_id', (eb) => eb.fn.max('version').as('latest')])
      .groupBy('document_id')
      .execute(),
    liveRows(db.kysely, now),
    db.kysely
      .selectFrom('content_publications')
      .select(['document_id', 'version', 'live_at'])
      .where('live_at', '>', now)
      .orderBy('live_at')
      .execute(),
  ]);
  return DOCUMENT_IDS.map((id) => ({
    id,
    title: DOCUMENT_TITLES[id],
    latest: Number(latest.find((r) => r.document_id === id)?.latest ?? 0),
    live: live.get(id)?.version ?? null,
    scheduled: scheduled.filter((s) => s.document_id === id).map((s) => ({ version: s.version, liveAt: s.live_at })),
  }));
}

const conflict = (id: DocumentId, base: number, newer: { version: number; saved_by: string; saved_at: string }) =>
  new Refusal(
    `${DOCUMENT_TITLES[id]} was changed by ${newer.saved_by} at ${newer.saved_at} (version ${newer.version}) after you started from version ${base}. Your draft is kept: compare it with version ${newer.version}, then save again.`,
    409,
    CONFLICT_CODE,
    { version: newer.version, savedBy: newer.saved_by, savedAt: newer.saved_at } satisfies SaveConflict,
  );

/** Checks a document with its schema; a problem is a 400 naming the field. */
function checked(id: DocumentId, content: unknown): unknown {
  const parsed = parseDocument(id, content);
  if (!parsed.ok) throw new Refusal(`${DOCUMENT_TITLES[id]}: ${parsed.message}`, 400);
  return content;
}

/** Saves a draft on top of `baseVersion`; a save that started from an older version is refused (409). */
export async function saveDocument(db: Db, who: Who, id: DocumentId, baseVersion: number, content: unknown): Promise<{ version: number }> {
  checked(id, content);
  try {
    return await withWriteTransaction(db, async (tx) => {
      const latest = await latestRow(tx, id);
      if (latest.version !== baseVersion) throw conflict(id, baseVersion, latest);
      const version = latest.version + 1;
      await tx
        .insertInto('content_versions')
        .values({ document_id: id, version, content: JSON.stringify(content), saved_by: who.email, saved_at: new Date().toISOString(), note: null })
        .execute();
      await audit(tx, who, 'save', id, `version ${version} from version ${baseVersion}`);
      return { version };
    });
  } catch (err) {
    if (err instanceof Refusal) throw err;
    // Two saves from the same version at once: the key (document, version) lets one in; the other is stale.
    const latest = await latestRow(db.kysely, id);
    if (latest.version !== baseVersion) throw conflict(id, baseVersion, latest);
    throw err;
  }
}

/** Why a version cannot go live (the schema, a link to a category or brand that does not exist, the promo bar's contrast), or nothing. */
async function publishProblem(db: Db, id: DocumentId, content: unknown): Promise<string | null> {
  const parsed = parseDocument(id, content);
  if (!parsed.ok) return parsed.message;
  const [categories, brands] = await Promise.all([
    db.kysely.selectFrom('products').select('category').distinct().execute(),
    db.kysely.selectFrom('brands').select('code').execute(),
  ]);
  const dead = deadLinkProblem(content, { categories: new Set(categories.map((c) => c.category)), brands: new Set(brands.map((b) => b.code)) });
  if (dead) return dead;
  if (id === 'promo-bar') return promoContrastProblem(parsed.value as Parameters<typeof promoContrastProblem>[0]);
  return null;
}

/** Publishes a version from an instant (now when absent; a later one is a schedule). */
export async function publishDocument(
  db: Db,
  who: Who,
  id: DocumentId,
  version: number,
  liveAt?: Date,
): Promise<{ version: number; liveAt: string }> {
  const now = new Date();
  const at = liveAt && liveAt > now ? liveAt : now;
  const row = await db.kysely
    .selectFrom('content_versions')
    .select('content')
    .where('document_id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  if (!row) throw new Refusal(`${DOCUMENT_TITLES[id]} has no version ${version}.`, 404);
  const problem = await publishProblem(db, id, JSON.parse(row.content));
  if (problem) throw new Refusal(`${DOCUMENT_TITLES[id]} version ${version} cannot be published: ${problem}`, 422);
  const liveIso = at.toISOString();
  await withWriteTransaction(db, async (tx) => {
    await tx
      .insertInto('content_publications')
      .values({ id: randomUUID(), document_id: id, version, live_at: liveIso, published_by: who.email, published_at: now.toISOString() })
      .execute();
    await audit(tx, who, at === now ? 'publish' : 'schedule', id, at === now ? `version ${version}` : `version ${version} at ${liveIso}`);
  });
  return { version, liveAt: liveIso };
}

/** Rolls back to an older version: a new version with its content, published at once. */
export async function rollbackDocument(db: Db, who: Who, id: DocumentId, toVersion: number): Promise<{ version: number }> {
  const old = await readDocument(db, id, toVersion);
  const problem = await publishProblem(db, id, old.content);
  if (problem) throw new Refusal(`${DOCUMENT_TITLES[id]} version ${toVersion} cannot be published: ${problem}`, 422);
  const now = new Date().toISOString();
  return withWriteTransaction(db, async (tx) => {
    const version = (await latestRow(tx, id)).version + 1;
    await tx
      .insertInto('content_versions')
      .values({
        document_id: id,
        version,
        content: JSON.stringify(old.content),
        saved_by: who.email,
        saved_at: now,
        note: `rollback to ${toVersion}`,
      })
      .execute();
    await tx
      .insertInto('content_publications')
      .values({ id: randomUUID(), document_id: id, version, live_at: now, published_by: who.email, published_at: now })
      .execute();
    await audit(tx, who, 'rollback', id, `version ${version} with the content of version ${toVersion}`);
    return { version };
  });
}

export async function documentVersions(db: Db, id: DocumentId): Promise<VersionInfo[]> {
  const [versions, publications] = await Promise.all([
    db.kysely
      .selectFrom('content_versions')
      .select(['version', 'saved_by', 'saved_at'])
      .where('document_id', '=', id)
      .orderBy('version', 'desc')
      .execute(),
    db.kysely.selectFrom('content_publications').selectAll().where('document_id', '=', id).orderBy('live_at').execute(),
  ]);
  if (versions.length === 0) throw new Refusal(`There is no document ${id}.`, 404);
  return versions.map((v) => ({
    version: v.version,
    savedBy: v.saved_by,
    savedAt: v.saved_at,
    publications: publications
      .filter((p) => p.version === v.version)
      .map((p) => ({ liveAt: p.live_at, publishedBy: p.published_by, publishedAt: p.published_at })),
  }));
}

export async function auditLog(db: Db, limit: number): Promise<AuditEntry[]> {
  const rows = await db.kysely.selectFrom('content_audit').selectAll().orderBy('at', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    at: r.at,
    editor: r.editor_email,
    action: r.action as AuditEntry['action'],
    documentId: r.document_id,
    detail: r.detail,
  }));
}
