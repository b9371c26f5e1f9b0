import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react';
import { useEffect } from 'react';

export type CarouselApi = NonNullable<UseEmblaCarouselType[1]>;
export type CarouselOptions = Parameters<typeof useEmblaCarousel>[0];

interface Props {
  node: HTMLElement;
  options: CarouselOptions;
  onApi: (api: CarouselApi | undefined) => void;
}

/**
 * Drives a carousel the page already drew: embla (about 7.5 KiB of the page's JavaScript) is loaded with this module,
 * when the shopper reaches for the carousel (./carousel.tsx), not with the page's first paint.
 */
export function CarouselDriver({ node, options, onApi }: Props) {
  const [ref, api] = useEmblaCarousel(options);
  useEffect(() => {
    ref(node);
    return () => ref(null);
  }, [node, ref]);
  useEffect(() => {
    onApi(api);
    return () => onApi(undefined);
  }, [api, onApi]);
  return null;
}
