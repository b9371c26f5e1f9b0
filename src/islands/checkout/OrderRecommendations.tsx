import { useEffect, useId, useState } from 'react';
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';
import type { RecommendationItem } from '#src/lib/commerce-types.ts';
import { formatCents, formatRange } from '#src/lib/money.ts';
import '../product/product.css';

type RecommendationSet = { headline: string; products: RecommendationItem[] };

/** 'You may also like' under the order: what others bought with these products (the server falls back to similar items). */
export function OrderRecommendations({ productIds }: { productIds: string[] }) {
  const [set, setSet] = useState<RecommendationSet | null>(null);
  const id = useId();
  const key = productIds.join(',');

  useEffect(() => {
    if (!key) return;
    let live = true;
    callApi(API.orderRecommendations, { productIds: key.split(',') }).then((r) => {
      if (live && r.ok) setSet(r.body);
    });
    return () => {
      live = false;
    };
  }, [key]);

  if (!set || set.products.length === 0) return null;
  return (
    <section className="confirm-recs" aria-labelledby={id}>
      <h2 id={id}>{set.headline}</h2>
      <ul className="confirm-recs-list">
        {set.products.map((p) => (
          <li key={p.id} className="rec">
            <a href={p.default_link}>
              <img src={p.default_thumbnail} alt="" width="180" height="225" loading="lazy" />
              <span className="tile-brand">{p.brandname}</span>
              <span className="tile-name">{p.name}</span>
            </a>
            <span className="tile-price">
              {p.default_pricing.isRange ? formatRange({ min: p.salePriceLow, max: p.salePriceHigh }) : formatCents(p.default_pricing.salePrice)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
