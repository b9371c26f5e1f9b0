import * as v from 'valibot';
import type { ContentAsset } from '../../content/content-documents.ts';
import type { AuditEntry, DocumentSummary, DocumentVersion, Editor, VersionInfo } from '../../content/editor-types.ts';
import { exactly } from './exact.ts';

/** The editors' replies and the content calls' (contentSlot, contentAsset). */
const Text = v.string();
export const EditorReply = exactly<Editor>()(v.object({ email: Text, role: v.picklist(['editor', 'publisher']) }));
export const EditorSignedOutReply = v.null();
export const DocumentsReply = exactly<DocumentSummary[]>()(
  v.array(
    v.object({
      id: v.picklist(['brand-tabs', 'promo-bar', 'mega-menu', 'header-data', 'account-menu', 'content-areas', 'content-slots', 'content-assets']),
      title: Text,
      latest: v.number(),
      live: v.nullable(v.number()),
      scheduled: v.array(v.object({ version: v.number(), liveAt: Text })),
    }),
  ),
);
export const DocumentReply = exactly<DocumentVersion>()(
  v.object({
    id: v.picklist(['brand-tabs', 'promo-bar', 'mega-menu', 'header-data', 'account-menu', 'content-areas', 'content-slots', 'content-assets']),
    version: v.number(),
    content: v.unknown(),
    savedBy: Text,
    savedAt: Text,
    live: v.nullable(v.number()),
  }),
);
export const SavedReply = v.object({ version: v.number() });
export const PublishedReply = v.object({ version: v.number(), liveAt: Text });
export const VersionsReply = exactly<VersionInfo[]>()(
  v.array(
    v.object({
      version: v.number(),
      savedBy: Text,
      savedAt: Text,
      publications: v.array(v.object({ liveAt: Text, publishedBy: Text, publishedAt: Text })),
    }),
  ),
);
export const AuditReply = exactly<AuditEntry[]>()(
  v.array(
    v.object({
      at: Text,
      editor: Text,
      action: v.picklist(['sign-in', 'save', 'publish', 'schedule', 'rollback']),
      documentId: v.nullable(Text),
      detail: Text,
    }),
  ),
);
const Asset = exactly<ContentAsset>()(v.object({ id: Text, title: Text, body: Text, link: v.optional(v.object({ label: Text, url: Text })) }));
export const ContentSlotReply = v.nullable(v.object({ id: Text, assets: v.array(Asset) }));
export const ContentAssetsReply = v.object({ assets: v.array(Asset) });
