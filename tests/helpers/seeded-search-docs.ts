import type { SearchDocument } from '#src/server/search/search-documents.ts';
import { BRANDS, PRODUCTS } from '#src/server/catalog/catalog-data.ts';

/** The seeded catalog's products as search documents, without a database (the search index's unit tests). */
export const SEEDED_SEARCH_DOCS: SearchDocument[] = PRODUCTS.map((p) => ({
  id: p.id,
  name: p.name,
  slug: `${p.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${p.id}`,
  brand: p.brand,
  brandName: BRANDS.find((b) => b.code === p.brand)!.name,
  category: p.category,
  description: p.description,
  colors: p.colors.map((c) => c.name).join(' '),
  rating: p.rating ?? null,
  image: `/media/${p.id}.svg`,
  minSalePrice: p.saleCents ?? p.listCents,
}));
