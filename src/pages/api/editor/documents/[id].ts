import { API } from '#src/lib/api/contract.ts';
import { BadRequest, success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** A document's version (?version=N, else the latest); PUT saves a draft on top of baseVersion (a stale one: 409). */
export const GET = apiEndpoint(API.editorDocument, async ({ locals, params, url }) => {
  const asked = url.searchParams.get('version');
  const version = asked === null ? undefined : Number(asked);
  if (version !== undefined && !(Number.isInteger(version) && version >= 1)) throw new BadRequest('version must be a version number');
  return success(await locals.commerce.editor.read({ id: params.id ?? '', ...(version ? { version } : {}) }));
});

export const PUT = apiEndpoint(API.editorSave, async ({ locals, params }, input) =>
  success(await locals.commerce.editor.save({ id: params.id ?? '', baseVersion: input.baseVersion, content: input.content })),
);
