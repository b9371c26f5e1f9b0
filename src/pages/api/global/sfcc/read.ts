import { API } from '#src/lib/api/contract.ts';
import { sizeChart } from '#src/server/catalog/catalog-facade.ts';
import { BadRequest, success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';

export const prerender = false;

/** Store-held content by controller; only the Size Guide: body is the size chart as HTML. */
export const POST = apiEndpoint(API.sizeGuide, async (_context, { query }) => {
  const html = sizeChart(new URLSearchParams(query).get('cid') ?? '');
  if (!html) throw new BadRequest('There is no size guide for this product.', 404);
  return success(html);
});
