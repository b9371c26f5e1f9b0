import type { DocumentId } from './content-documents.ts';

/** A content editor's role: an `editor` saves drafts and previews; a `publisher` also publishes, schedules and rolls back. */
export const EDITOR_ROLES = ['editor', 'publisher'] as const;
export type EditorRole = (typeof EDITOR_ROLES)[number];

export interface Editor {
  email: string;
  role: EditorRole;
}

/** One version of a document, with who saved it and its publications (past, live or scheduled). */
export interface VersionInfo {
  version: number;
  savedBy: string;
  savedAt: string;
  publications: { liveAt: string; publishedBy: string; publishedAt: string }[];
}

/** A document's state for the workspace's list: its latest saved version, the live one and what is scheduled. */
export interface DocumentSummary {
  id: DocumentId;
  title: string;
  latest: number;
  live: number | null;
  scheduled: { version: number; liveAt: string }[];
}

export interface DocumentVersion {
  id: DocumentId;
  version: number;
  content: unknown;
  savedBy: string;
  savedAt: string;
  /** The version live now. */
  live: number | null;
}

/** What a stale save is refused with (409), so the workspace can show the newer version next to the refused draft. */
export interface SaveConflict {
  version: number;
  savedBy: string;
  savedAt: string;
}

export interface AuditEntry {
  at: string;
  editor: string;
  action: 'sign-in' | 'save' | 'publish' | 'schedule' | 'rollback';
  documentId: string | null;
  detail: string;
}
