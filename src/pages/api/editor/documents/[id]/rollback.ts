import { API } from '#src/lib/api/contract.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** Rolls back to a version: a new version with its content, live at once (publishers only). */
export const POST = apiEndpoint(API.editorRollback, async ({ locals, params }, input) =>
  success(await locals.commerce.editor.rollback({ id: params.id ?? '', toVersion: input.toVersion })),
);
