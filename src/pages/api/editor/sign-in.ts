import { API } from '#src/lib/api/contract.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

export const POST = apiEndpoint(API.editorSignIn, async ({ locals }, input) => success(await locals.commerce.editor.signIn(input)));
