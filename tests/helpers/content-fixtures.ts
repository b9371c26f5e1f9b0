import type { DocumentId } from '#src/lib/content/content-documents.ts';
import { liveContent, publishDocument, readDocument, saveDocument } from '#src/server/content/content-store.ts';
import { e2eDb } from './e2e-db.ts';

const FIXTURES = { email: 'content.fixtures@example.com' };

/**
 * Publishes a document's new content in the test server's database, as an editor's save and publish would (a new
 * version on top of the latest, live now), and answers the content that was live before, to publish back afterwards.
 */
export async function publishContent(id: DocumentId, content: (live: unknown) => unknown): Promise<unknown> {
  const db = e2eDb();
  try {
    const live = (await liveContent(db, new Date().toISOString(), [id])).get(id)?.content;
    const { version: latest } = await readDocument(db, id);
    const { version } = await saveDocument(db, FIXTURES, id, latest, content(structuredClone(live)));
    await publishDocument(db, FIXTURES, id, version);
    return live;
  } finally {
    await db.kysely.destroy();
  }
}
