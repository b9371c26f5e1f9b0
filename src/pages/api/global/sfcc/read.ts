import { API } from '#src/lib/api/contract.ts';
import { BadRequest, success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** Store-held content by controller; only the Size Guide: body is the size chart as HTML. */
export const POST = apiEndpoint(API.sizeGuide, async ({ locals }, { query }) => {
  const html = await locals.commerce.catalog.sizeChart({ chartId: new URLSearchParams(query).get('cid') ?? '' });
  if (!html) throw new BadRequest('There is no size guide for this product.', 404);
  return success(html);
});
