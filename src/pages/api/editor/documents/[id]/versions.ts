import { API } from '#src/lib/api/contract.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

export const GET = apiEndpoint(API.editorVersions, async ({ locals, params }) =>
  success(await locals.commerce.editor.versions({ id: params.id ?? '' })),
);
