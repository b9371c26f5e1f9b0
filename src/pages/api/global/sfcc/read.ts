import * as v from 'valibot';
import { sizeChart } from '#src/server/catalog/catalog-facade.ts';
import { BadRequest, endpoint, readBody, success } from '#src/server/http/api.ts';

export const prerender = false;

const Schema = v.object({
  controller: v.picklist(['SizeGuide-Show'], 'Unknown content controller.'),
  query: v.pipe(v.string('A query is required.'), v.maxLength(200)),
});

/** Store-held content by controller; only the Size Guide: body is the size chart as HTML. */
export const POST = endpoint(async ({ request }) => {
  const { query } = await readBody(request, Schema);
  const html = sizeChart(new URLSearchParams(query).get('cid') ?? '');
  if (!html) throw new BadRequest('There is no size guide for this product.', 404);
  return success(html);
});
