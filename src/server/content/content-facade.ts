import type { ContentApi, Implementation } from '#src/lib/commerce-api/commerce-api.ts';
import { type ContentAsset, type DocumentId, type HeaderContent, headerFrom, parseDocument } from '#src/lib/content/content-documents.ts';
import { isVisibleAt } from '#src/lib/header/time-window.ts';
import { getDb } from '../db/database.ts';
import type { CallSession } from '../session/call-session.ts';
import { SharedPromise } from '../shared-promise.ts';
import { contentStamp, liveContent } from './content-store.ts';

/**
 * The published content as shoppers' pages read it (the commerce API's `content`). Each instance keeps what is live
 * and checks the content stamp at most once per STAMP_CHECK_MS, and at once when a schedule comes due: a publish on
 * any instance reaches every instance's pages within seconds, without a process per schedule, and a page reads all
 * the header's documents from one statement (never half a publish).
 */
const STAMP_CHECK_MS = 1000;

type Live = Map<DocumentId, { version: number; content: unknown }>;

interface Kept {
  stamp: string;
  checkedAt: number;
  nextChange: number | null;
  docs: Live;
  header: HeaderContent;
}
const kept = new SharedPromise<Kept>();

async function load(previous: Kept | undefined): Promise<Kept> {
  const db = await getDb();
  const now = new Date();
  const { stamp, nextChange } = await contentStamp(db, now);
  const checkedAt = now.getTime();
  const next = nextChange ? Date.parse(nextChange) : null;
  if (previous && previous.stamp === stamp) return { ...previous, checkedAt, nextChange: next };
  const docs = await liveContent(db, now.toISOString());
  return { stamp, checkedAt, nextChange: next, docs, header: headerFrom((id) => docs.get(id)?.content) };
}

/** What is live now, checked against the stamp at most once a second (and when a schedule came due). */
async function current(): Promise<Kept> {
  const now = Date.now();
  const previous = await kept.current?.catch(() => undefined);
  if (!previous || now - previous.checkedAt >= STAMP_CHECK_MS || (previous.nextChange !== null && now >= previous.nextChange)) {
    // A failed read is not kept: the next call reads again.
    return kept.keep(load(previous));
  }
  return previous;
}

/** Drops what this instance keeps (tests that change the database under it). */
export function forgetLiveContent(): void {
  kept.forget();
}

function assetsOf(docs: Live): ContentAsset[] {
  const parsed = parseDocument('content-assets', docs.get('content-assets')?.content);
  return parsed.ok ? parsed.value.assets : [];
}

export const contentOperations: Implementation<CallSession, ContentApi> = {
  async header() {
    return (await current()).header;
  },
  async stamp() {
    return (await current()).stamp;
  },
  async slot(_call, { id }) {
    const { docs } = await current();
    const parsed = parseDocument('content-slots', docs.get('content-slots')?.content);
    const slot = parsed.ok ? parsed.value.slots.find((s) => s.id === id && isVisibleAt(s, new Date())) : undefined;
    if (!slot) return null;
    const assets = assetsOf(docs);
    return { id, assets: slot.assetIds.flatMap((a) => assets.filter((x) => x.id === a)) };
  },
  async assets(_call, { ids }) {
    const assets = assetsOf((await current()).docs);
    return ids.flatMap((a) => assets.filter((x) => x.id === a));
  },
};
