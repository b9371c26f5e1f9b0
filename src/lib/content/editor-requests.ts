import * as v from 'valibot';

/**
 * The editors' request bodies, checked by their endpoints (src/pages/api/editor) and mirrored by the workspace
 * (src/islands/editor). The document's own content is checked by the engine with the document's schema
 * (content-documents.ts), which names the field.
 */
const version = (field: string) =>
  v.pipe(
    v.number(`${field} must be a version number`),
    v.integer(`${field} must be a version number`),
    v.minValue(1, `${field} must be a version number`),
  );
const password = v.pipe(v.string('Password is required'), v.minLength(1, 'Password is required'), v.maxLength(128, 'Password is too long'));

export const EditorSignInSchema = v.object({
  email: v.pipe(v.string('Email is required'), v.trim(), v.minLength(1, 'Email is required'), v.maxLength(254, 'Email is too long')),
  password,
});
export const EditorSetPasswordSchema = v.object({ token: v.pipe(v.string('The link is not valid'), v.maxLength(512)), password });
export const EditorSaveSchema = v.object({ baseVersion: version('baseVersion'), content: v.unknown() });
export const EditorPublishSchema = v.object({
  version: version('version'),
  at: v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'at: must be a New York time written YYYY-MM-DDTHH:mm'))),
});
export const EditorRollbackSchema = v.object({ toVersion: version('toVersion') });
export const ContentSlotSchema = v.object({
  controller: v.optional(v.pipe(v.string(), v.maxLength(64))),
  id: v.pipe(v.string('id is required'), v.minLength(1, 'id is required'), v.maxLength(64)),
});
export const ContentAssetSchema = v.object({
  assetIds: v.pipe(v.array(v.pipe(v.string(), v.maxLength(64)), 'assetIds must be a list of asset ids'), v.maxLength(50, 'assetIds: at most 50')),
  siteId: v.optional(v.pipe(v.string(), v.maxLength(64))),
});
