import { useStore } from '@nanostores/react';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import type { MediaView } from '#src/lib/commerce-types.ts';
import { galleryPreloader } from '#src/lib/images/image-preload.ts';
import { galleryImage, imageUrl, thumbImage } from '#src/lib/images/image-urls.ts';
import { imagesFor, visibleThumbnails } from '#src/lib/product-rules.ts';
import { $previewColor, $selectedColor } from '#src/lib/stores/product.ts';
import { ZoomModal } from './ZoomModal.tsx';
import './gallery.css';

export const MAGNIFIER_SCALE = 2.5;

interface Props {
  name: string;
  images: MediaView[];
  videos: MediaView[];
  initialColor?: string;
}

/**
 * Product images: a swipe gallery with dots on small screens (embla), thumbnails on larger ones (4, then '+N
 * more'), a hover magnifier beside the image and an enlarge button opening Product Zoom. The chosen colour, or
 * the colour under the pointer in the purchase area, decides which images show. Photographs come from the image
 * service at the width they are drawn (srcset); once awake, the gallery preloads the colour's other slides and each
 * other colour's first image, holding at most the spec's 30 (src/lib/images/image-preload.ts).
 */
export function Gallery({ name, images, videos, initialColor }: Props) {
  // The first render matches the HTML the page was built with (the initial colour): a colour chosen before this island
  // hydrates (it hydrates when the browser is idle, after the purchase area) shows from the next render on.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const chosen = useStore($selectedColor);
  const hovered = useStore($previewColor);
  const selected = (hydrated ? chosen : undefined) ?? initialColor;
  const preview = hydrated ? hovered : null;
  const shown = imagesFor({ images }, preview ?? selected);
  const [index, setIndex] = useState(0);
  const [videoIndex, setVideoIndex] = useState(-1);
  const [expanded, setExpanded] = useState(false);
  // '+N more' goes away when pressed: focus moves to the first thumbnail it revealed (not to the page body).
  const thumbList = useRef<HTMLUListElement>(null);
  const revealFrom = useRef<number | null>(null);
  useEffect(() => {
    if (!expanded || revealFrom.current === null) return;
    thumbList.current?.querySelectorAll<HTMLButtonElement>('button.thumb')[revealFrom.current]?.focus();
    revealFrom.current = null;
  }, [expanded]);
  const [zoomOpen, setZoomOpen] = useState(false);
  const [lens, setLens] = useState<{ x: number; y: number } | null>(null);
  const [emblaRef, embla] = useEmblaCarousel({ loop: false });
  const [preloaded, setPreloaded] = useState(0);

  // What the shopper may see next, once the page has loaded (this island wakes when the browser is idle).
  const shownKey = shown.map((m) => m.url).join(' ');
  useEffect(() => {
    if (!hydrated) return;
    const preloader = galleryPreloader();
    const stop = preloader.onChange(setPreloaded);
    const firstOfEachColour = new Map<string | null, string>();
    for (const m of images) if (!firstOfEachColour.has(m.color)) firstOfEachColour.set(m.color, m.url);
    for (const url of [...shownKey.split(' '), ...firstOfEachColour.values()]) preloader.preload(galleryImage(url));
    setPreloaded(preloader.size);
    return stop;
  }, [hydrated, shownKey, images]);

  // A new colour starts at its first image.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `selected` is the trigger (a new colour), not read inside
  useEffect(() => {
    setIndex(0);
    setVideoIndex(-1);
    embla?.scrollTo(0, true);
  }, [selected, embla]);
  useEffect(() => {
    if (!embla) return;
    const onSelect = () => {
      setIndex(embla.selectedScrollSnap());
      setVideoIndex(-1); // a swipe returns from a playing video to the images
    };
    embla.on('select', onSelect);
    return () => void embla.off('select', onSelect);
  }, [embla]);

  const goTo = useCallback(
    (i: number) => {
      setIndex(i);
      setVideoIndex(-1);
      embla?.scrollTo(i);
    },
    [embla],
  );

  const current = shown[Math.min(index, shown.length - 1)];
  const thumbs = visibleThumbnails(
    [...shown.map((m) => ({ kind: 'image' as const, m })), ...videos.map((m) => ({ kind: 'video' as const, m }))],
    expanded,
  );
  const onMove = (e: MouseEvent<HTMLDivElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    setLens({ x: ((e.clientX - r.left) / r.width) * 100, y: ((e.clientY - r.top) / r.height) * 100 });
  };

  return (
    <section className="gallery" aria-roledescription="gallery" aria-label={`${name} images`} data-preloaded={preloaded || undefined}>
      <div className="gallery-stage">
        {/* The carousel stays mounted (embla keeps its state); a playing video covers it. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the hover lens is a pointer-only magnifier; the Zoom button opens the same view for everyone */}
        {/* biome-ignore lint/a11y/noNoninteractiveElementInteractions: as above */}
        <div className="embla" ref={emblaRef} onMouseMove={onMove} onMouseLeave={() => setLens(null)}>
          <div className="embla-container">
            {shown.map((img, i) => (
              // biome-ignore lint/a11y/useSemanticElements: a carousel slide is role=group (WAI-ARIA carousel pattern), not a form fieldset
              <div className="embla-slide" key={img.url} role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${shown.length}`}>
                {/* Only the first slide's image is in the page's HTML: the browser would load the ones beside it at
                    once, lazy or not, beside the page's largest paint. They come when the gallery wakes, after it. */}
                <img
                  {...(i === 0 || hydrated ? galleryImage(img.url) : {})}
                  alt={img.alt}
                  width="600"
                  height="750"
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : undefined}
                  draggable={false}
                />
              </div>
            ))}
          </div>
        </div>
        {videoIndex >= 0 && videos[videoIndex] && (
          <video
            className="gallery-video"
            src={videos[videoIndex].url}
            poster={videos[videoIndex].thumbUrl}
            controls
            autoPlay
            muted
            playsInline
            aria-label={videos[videoIndex].alt}
          />
        )}
        {lens && current && videoIndex < 0 && (
          <div
            className="magnifier"
            aria-hidden="true"
            data-testid="magnifier"
            style={{
              backgroundImage: `url(${imageUrl(current.url, 'zoom')})`,
              backgroundSize: `${MAGNIFIER_SCALE * 100}%`,
              backgroundPosition: `${lens.x}% ${lens.y}%`,
            }}
          />
        )}
        <button type="button" className="enlarge" onClick={() => setZoomOpen(true)} aria-label="Enlarge image">
          ⤢
        </button>
      </div>
      <div className="gallery-dots" role="tablist" aria-label="Choose image">
        {shown.map((img, i) => (
          <button
            key={img.url}
            type="button"
            role="tab"
            aria-selected={videoIndex < 0 && i === index}
            aria-label={`Image ${i + 1}`}
            className="dot-button"
            onClick={() => goTo(i)}
          />
        ))}
        {/* Small screens have no thumbnails: each video gets a dot of its own, marked with a play sign. */}
        {videos.map((v, i) => (
          <button
            key={v.url}
            type="button"
            role="tab"
            aria-selected={videoIndex === i}
            aria-label={`Play video: ${v.alt}`}
            className="dot-button dot-video"
            onClick={() => setVideoIndex(i)}
          >
            <span aria-hidden="true">▶</span>
          </button>
        ))}
      </div>
      <ul className="thumbs" aria-label="Thumbnails" ref={thumbList}>
        {thumbs.shown.map((t, i) => (
          <li key={t.m.url + t.kind}>
            <button
              type="button"
              className="thumb"
              aria-pressed={t.kind === 'image' ? videoIndex < 0 && i === index : videoIndex === videos.indexOf(t.m)}
              aria-label={t.kind === 'video' ? `Play video: ${t.m.alt}` : `Show ${t.m.alt}`}
              onClick={() => (t.kind === 'image' ? goTo(i) : setVideoIndex(videos.indexOf(t.m)))}
            >
              <img {...thumbImage(t.m.thumbUrl)} alt="" width="96" height="120" loading="lazy" />
              {t.kind === 'video' && (
                <span className="play-badge" aria-hidden="true">
                  ▶
                </span>
              )}
            </button>
          </li>
        ))}
        {thumbs.more > 0 && (
          <li>
            <button
              type="button"
              className="thumb more"
              onClick={() => {
                revealFrom.current = thumbs.shown.length;
                setExpanded(true);
              }}
            >
              +{thumbs.more} more
            </button>
          </li>
        )}
      </ul>
      {current && <ZoomModal open={zoomOpen} image={current} onClose={() => setZoomOpen(false)} />}
    </section>
  );
}
