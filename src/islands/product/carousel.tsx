import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import type { CarouselApi, CarouselOptions } from './CarouselDriver.tsx';

const CarouselDriver = lazy(() => import('./CarouselDriver.tsx').then((m) => ({ default: m.CarouselDriver })));

/**
 * A carousel whose library loads when reached for. `viewport` goes on the element embla scrolls (its first child is
 * the track); `reach` on the element whose touch, hover or focus starts the load; `driver` is rendered anywhere in
 * the island. Until the library is there the first slide shows as drawn on the server, and `api` is undefined.
 */
export function useCarouselWhenReached(options: CarouselOptions): {
  viewport: (node: HTMLElement | null) => void;
  reach: () => void;
  reached: boolean;
  api: CarouselApi | undefined;
  driver: ReactNode;
} {
  const [node, setNode] = useState<HTMLElement | null>(null);
  const [reached, setReached] = useState(false);
  const [api, setApi] = useState<CarouselApi>();
  const reach = useCallback(() => setReached(true), []);
  const driver =
    reached && node ? (
      <Suspense fallback={null}>
        <CarouselDriver node={node} options={options} onApi={setApi} />
      </Suspense>
    ) : null;
  return { viewport: setNode, reach, reached, api, driver };
}
