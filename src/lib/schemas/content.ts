import * as v from 'valibot';

/** Store-held content by controller (POST /api/global/sfcc/read); today the Size Guide only. */
export const SizeGuideSchema = v.object({
  controller: v.picklist(['SizeGuide-Show'], 'Unknown content controller.'),
  query: v.pipe(v.string('A query is required.'), v.maxLength(200)),
});
