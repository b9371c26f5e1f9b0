import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState } from 'react';
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';
import type { RecommendationItem } from '#src/lib/commerce-types.ts';
import { tileImage } from '#src/lib/images/image-urls.ts';
import { formatCents, formatRange } from '#src/lib/money.ts';
import { showStarRating } from '#src/lib/product-rules.ts';
import { CAROUSEL_WAIT_MS } from '#src/lib/recommendations.ts';
import { openQuickShop } from '#src/lib/quick-shop.ts';
import './product.css';

interface Props {
  criteria: string;
  productId?: string;
  /** A set the page already computed on the server (the bag page renders on demand): shown at once, no fetch. */
  initial?: { headline: string; products: RecommendationItem[] };
}

/**
 * A recommendation carousel: waits 500 ms, asks the server for the criteria's set, shows tiles with previous and
 * next arrows and a Quick Shop button each. Stars show only for ratings above 3.
 */
export function Recommendations({ criteria, productId, initial }: Props) {
  const [set, setSet] = useState<{ headline: string; products: RecommendationItem[] } | null>(initial ?? null);
  const [emblaRef, embla] = useEmblaCarousel({ align: 'start', containScroll: 'trimSnaps', slidesToScroll: 'auto' });
  const [edges, setEdges] = useState({ prev: false, next: false });

  useEffect(() => {
    if (initial) return;
    const timer = window.setTimeout(() => {
      callApi(API.recommendations, { criteria, productId }).then((r) => {
        if (r.ok) setSet(r.body);
      });
    }, CAROUSEL_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [criteria, productId, initial]);

  const update = useCallback(() => embla && setEdges({ prev: embla.canScrollPrev(), next: embla.canScrollNext() }), [embla]);
  useEffect(() => {
    if (!embla) return;
    update();
    embla.on('select', update).on('reInit', update);
    return () => void embla.off('select', update).off('reInit', update);
  }, [embla, update]);

  // Until the set arrives, an empty placeholder holds the place (and gives client:visible something to see).
  if (!set) return <div className="recs recs-pending" aria-hidden="true" data-criteria={criteria} />;
  if (set.products.length === 0) return null;
  return (
    <section className="recs" aria-label={set.headline} data-criteria={criteria}>
      <div className="recs-head">
        <h2>{set.headline}</h2>
        <div>
          <button type="button" className="arrow" aria-label="Previous products" disabled={!edges.prev} onClick={() => embla?.scrollPrev()}>
            ‹
          </button>
          <button type="button" className="arrow" aria-label="Next products" disabled={!edges.next} onClick={() => embla?.scrollNext()}>
            ›
          </button>
        </div>
      </div>
      <div className="embla" ref={emblaRef}>
        <ul className="embla-container recs-list">
          {set.products.map((p) => (
            <li className="embla-slide rec" key={p.id}>
              <a href={p.default_link}>
                <img {...tileImage(p.default_thumbnail)} alt="" width="180" height="225" loading="lazy" />
                <span className="tile-brand">{p.brandname}</span>
                <span className="tile-name">{p.name}</span>
              </a>
              <span className="tile-price">
                {p.default_pricing.isRange ? formatRange({ min: p.salePriceLow, max: p.salePriceHigh }) : formatCents(p.default_pricing.salePrice)}
                {p.listPriceHigh > p.salePriceHigh && <s>{formatCents(p.listPriceHigh)}</s>}
              </span>
              {showStarRating(p.rating) && (
                <span className="stars" role="img" aria-label={`Rated ${p.rating.toFixed(1)} out of 5`}>
                  ★ {p.rating.toFixed(1)}
                </span>
              )}
              <button
                type="button"
                className="button-secondary tile-quick-shop"
                onClick={() => openQuickShop({ productId: p.id, productLink: p.default_link })}
                aria-label={`Quick Shop ${p.name}`}
              >
                Quick Shop
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
