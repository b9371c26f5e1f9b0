import type { EditorApi, Implementation } from '#src/lib/commerce-api/commerce-api.ts';
import { type DocumentId, headerFrom, isDocumentId } from '#src/lib/content/content-documents.ts';
import { newYorkInstant, NY_TIME_PATTERN } from '#src/lib/header/time-window.ts';
import { getDb } from '../db/database.ts';
import { withWriteTransaction } from '../db/transaction.ts';
import { Refusal } from '../refusal.ts';
import type { CallSession } from '../session/call-session.ts';
import {
  audit,
  auditLog,
  documentVersions,
  latestContent,
  listDocuments,
  liveContent,
  publishDocument,
  readDocument,
  rollbackDocument,
  saveDocument,
} from './content-store.ts';
import {
  authenticateEditor,
  EDITOR_SIGNED_OUT,
  editorOfToken,
  type EditorAccount,
  endEditorSession,
  isEditorLinkUsable,
  startEditorSession,
  redeemEditorLink,
} from './editor-accounts.ts';

/**
 * The editors' calls (the commerce API's `editor`). Who is asking is the editor's own token (CallSession `editor`),
 * never the shopper's session: a shopper's cookie, or none, is a 401 on every call that needs an editor; an `editor`
 * asking to publish, schedule or roll back is a 403.
 */
export const PUBLISHER_ONLY = 'Only a publisher can publish, schedule or roll back. Ask a publisher to publish this version.';

async function signedIn(call: CallSession): Promise<EditorAccount> {
  const editor = await editorOfToken(await getDb(), call.editor);
  if (!editor) throw new Refusal(EDITOR_SIGNED_OUT, 401);
  return editor;
}

async function publisher(call: CallSession): Promise<EditorAccount> {
  const editor = await signedIn(call);
  if (editor.role !== 'publisher') throw new Refusal(PUBLISHER_ONLY, 403);
  return editor;
}

function documentId(id: string): DocumentId {
  if (!isDocumentId(id)) throw new Refusal(`There is no document ${id}.`, 404);
  return id;
}

/** A New York wall-clock time (YYYY-MM-DDTHH:mm) as an instant, or a 400 naming the field. */
function newYorkTime(field: string, text: string): Date {
  const instant = NY_TIME_PATTERN.test(text) ? newYorkInstant(text) : null;
  if (instant === null) throw new Refusal(`${field}: must be a New York time written YYYY-MM-DDTHH:mm`, 400);
  return new Date(instant);
}

const publicEditor = (e: EditorAccount) => ({ email: e.email, role: e.role });

export const editorOperations: Implementation<CallSession, EditorApi> = {
  async signIn(call, { email, password }) {
    const db = await getDb();
    const editor = await authenticateEditor(db, email, password, call.client);
    const session = await startEditorSession(db, editor.id);
    await withWriteTransaction(db, (tx) => audit(tx, editor, 'sign-in', null, `from ${call.client}`));
    call.keep.editor = session;
    return publicEditor(editor);
  },
  async signOut(call) {
    await endEditorSession(await getDb(), call.editor);
    call.keep.editor = null;
    return null;
  },
  async me(call) {
    const editor = await editorOfToken(await getDb(), call.editor);
    return editor ? publicEditor(editor) : null;
  },
  async linkUsable(_call, { token }) {
    return isEditorLinkUsable(await getDb(), token);
  },
  async setPassword(call, { token, password }) {
    const db = await getDb();
    const editor = await redeemEditorLink(db, token, password);
    call.keep.editor = await startEditorSession(db, editor.id);
    return publicEditor(editor);
  },
  async documents(call) {
    await signedIn(call);
    return listDocuments(await getDb());
  },
  async read(call, { id, version }) {
    await signedIn(call);
    return readDocument(await getDb(), documentId(id), version);
  },
  async save(call, { id, baseVersion, content }) {
    const editor = await signedIn(call);
    return saveDocument(await getDb(), editor, documentId(id), baseVersion, content);
  },
  async publish(call, { id, version, at }) {
    const editor = await publisher(call);
    const liveAt = at === undefined ? undefined : newYorkTime('at', at);
    if (liveAt && liveAt.getTime() < Date.now() - 60_000) throw new Refusal('at: must not be in the past', 400);
    return publishDocument(await getDb(), editor, documentId(id), version, liveAt);
  },
  async rollback(call, { id, toVersion }) {
    const editor = await publisher(call);
    return rollbackDocument(await getDb(), editor, documentId(id), toVersion);
  },
  async versions(call, { id }) {
    await signedIn(call);
    return documentVersions(await getDb(), documentId(id));
  },
  async audit(call) {
    await signedIn(call);
    return auditLog(await getDb(), 200);
  },
  async preview(call, { at, draft }) {
    await signedIn(call);
    const instant = newYorkTime('at', at);
    const db = await getDb();
    const docs = draft ? await latestContent(db) : await liveContent(db, instant.toISOString());
    return headerFrom((id) => docs.get(id)?.content);
  },
};
