import type { Caller } from './call.ts';
import type { CommerceApi } from './commerce-api.ts';

/**
 * What a page shared by every visitor depends on: the catalog's stamp and the published content's (the header on
 * every page). The page caches (the Node server's and the edge's) key pages by it, so a catalog change, a publish or a
 * schedule coming due reaches every instance's pages as the stamp is next read; null while the engine cannot say.
 */
export async function pageStamp(api: CommerceApi, caller: Caller): Promise<string | null> {
  const [catalog, content] = await Promise.all([api.catalog.stamp(caller), api.content.stamp(caller)]);
  return catalog.ok && content.ok ? `${catalog.value}.${content.value}` : null;
}
