/** Content editors and the documents they change (migrations 035, 036). Times are ISO 8601 strings in UTC. */
export interface EditorTable {
  id: string;
  email: string;
  role: 'editor' | 'publisher';
  password_hash: string | null;
  created_at: string;
}
export interface EditorSessionTable {
  /** SHA-256 of the token the editor's cookie carries. */
  id: string;
  editor_id: string;
  expires_at: string;
  created_at: string;
}
export interface EditorPasswordLinkTable {
  token_hash: string;
  editor_id: string;
  expires_at: string;
  used_at: string | null;
}
export interface ContentVersionTable {
  document_id: string;
  version: number;
  /** The document as JSON. */
  content: string;
  saved_by: string;
  saved_at: string;
  note: string | null;
}
export interface ContentPublicationTable {
  id: string;
  document_id: string;
  version: number;
  /** From this instant the version is live (a schedule while it is still ahead). */
  live_at: string;
  published_by: string;
  published_at: string;
}
export interface ContentAuditTable {
  id: string;
  at: string;
  editor_email: string;
  action: string;
  document_id: string | null;
  detail: string;
}
