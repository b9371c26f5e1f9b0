import { API } from '#src/lib/api/contract.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** Publishes a version now, or at a New York time (`at`, YYYY-MM-DDTHH:mm): publishers only. */
export const POST = apiEndpoint(API.editorPublish, async ({ locals, params }, input) =>
  success(await locals.commerce.editor.publish({ id: params.id ?? '', version: input.version, ...(input.at ? { at: input.at } : {}) })),
);
