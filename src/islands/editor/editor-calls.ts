import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';
import type { PayloadOf } from '#src/lib/api/endpoint.ts';

/** The editors' calls on one document: the table's entries with the document's id in their path. */
const at = <E extends { path: string }>(entry: E, id: string): E => ({ ...entry, path: entry.path.replace('[id]', encodeURIComponent(id)) });

export const editorCalls = {
  list: () => callApi(API.editorDocuments),
  read: (id: string, version?: number) =>
    callApi({ ...at(API.editorDocument, id), ...(version ? { path: `${at(API.editorDocument, id).path}?version=${version}` } : {}) }),
  save: (id: string, payload: PayloadOf<typeof API.editorSave>) => callApi(at(API.editorSave, id), payload),
  publish: (id: string, payload: PayloadOf<typeof API.editorPublish>) => callApi(at(API.editorPublish, id), payload),
  rollback: (id: string, toVersion: number) => callApi(at(API.editorRollback, id), { toVersion }),
  versions: (id: string) => callApi(at(API.editorVersions, id)),
  audit: () => callApi(API.editorAudit),
  signOut: () => callApi(API.editorSignOut),
};
