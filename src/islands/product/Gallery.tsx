import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type MouseEvent, type TouchEvent } from 'react';
import type { MediaView } from '#src/lib/commerce-types.ts';
import { galleryPreloader } from '#src/lib/images/image-preload.ts';
import { galleryImage, imageUrl, thumbImage } from '#src/lib/images/image-urls.ts';
import { imagesFor, visibleThumbnails } from '#src/lib/product-rules.ts';
import { $previewColor, $selectedColor } from '#src/lib/stores/product.ts';
import { useCarouselWhenReached } from './carousel.tsx';
import './gallery.css';

export const MAGNIFIER_SCALE = 2.5;
const CAROUSEL_OPTIONS = { loop: false };
/** A horizontal move this long, in CSS pixels, is a swipe to the next or previous slide. */
const SWIPE_PX = 40;
const loadZoom = () => import('./ZoomModal.tsx').then((m) => ({ default: m.ZoomModal }));
const ZoomModal = lazy(loadZoom);

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
 * service at the width they are drawn (srcset). Once the shopper reaches for the gallery (a touch, a pointer or focus
 * on it) or for another colour (a colour looked at or chosen in the purchase area), it preloads the colour's other
 * slides and each other colour's first image, holding at most the spec's 30 (src/lib/images/image-preload.ts): four
 * times the first photograph's bytes that a shopper who only reads the page never asks for. The swipe library and
 * Product Zoom load when reached for too (the enlarge button for the zoom), not with the page: a swipe made before the
 * library is there still moves to the next slide once it is.
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
  const indexRef = useRef(0);
  indexRef.current = index;
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
  const [zoomWanted, setZoomWanted] = useState(false);
  const [lens, setLens] = useState<{ x: number; y: number } | null>(null);
  const carousel = useCarouselWhenReached(CAROUSEL_OPTIONS);
  const embla = carousel.api;
  const touchStart = useRef<number | null>(null);
  const [preloaded, setPreloaded] = useState(0);

  // What the shopper may see next, once they reach for it.
  const shownKey = shown.map((m) => m.url).join(' ');
  const reached = carousel.reached || preview != null || (chosen !== undefined && chosen !== initialColor);
  useEffect(() => {
    if (!hydrated || !reached) return;
    const preloader = galleryPreloader();
    const stop = preloader.onChange(setPreloaded);
    const firstOfEachColour = new Map<string | null, string>();
    for (const m of images) if (!firstOfEachColour.has(m.color)) firstOfEachColour.set(m.color, m.url);
    for (const url of [...shownKey.split(' '), ...firstOfEachColour.values()]) preloader.preload(galleryImage(url));
    setPreloaded(preloader.size);
    return stop;
  }, [hydrated, reached, shownKey, images]);

  // A new colour starts at its first image.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `selected` is the trigger (a new colour), not read inside
  useEffect(() => {
    setIndex(0);
    setVideoIndex(-1);
    indexRef.current = 0;
    embla?.scrollTo(0, true);
  }, [selected]);
  // The library arrives: it starts where the shopper has got to (a dot pressed or a swipe made while it loaded).
  useEffect(() => {
    embla?.scrollTo(indexRef.current, true);
  }, [embla]);
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
      carousel.reach();
      setIndex(i);
      setVideoIndex(-1);
      embla?.scrollTo(i);
    },
    [embla, carousel.reach],
  );
  // Before the library is there, a swipe is read here: it moves one slide when the library arrives.
  const onTouchStart = (e: TouchEvent) => {
    carousel.reach();
    touchStart.current = embla ? null : (e.touches[0]?.clientX ?? null);
  };
  const onTouchEnd = (e: TouchEvent) => {
    const from = touchStart.current;
    touchStart.current = null;
    const to = e.changedTouches[0]?.clientX;
    if (embla || from === null || to === undefined || Math.abs(to - from) < SWIPE_PX) return;
    setIndex((i) => Math.max(0, Math.min(shown.length - 1, i + (to < from ? 1 : -1))));
    setVideoIndex(-1);
  };

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
    // biome-ignore lint/a11y/noNoninteractiveElementInteractions: pointer and focus only start loading the swipe library; nothing happens to the shopper
    <section
      className="gallery"
      aria-roledescription="gallery"
      aria-label={`${name} images`}
      data-preloaded={preloaded || undefined}
      onPointerEnter={carousel.reach}
      onFocus={carousel.reach}
    >
      <div className="gallery-stage">
        {/* The carousel stays mounted (embla keeps its state); a playing video covers it. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the hover lens is a pointer-only magnifier; the Zoom button opens the same view for everyone */}
        {/* biome-ignore lint/a11y/noNoninteractiveElementInteractions: as above */}
        <div
          className="embla"
          ref={carousel.viewport}
          onMouseMove={onMove}
          onMouseLeave={() => setLens(null)}
          onTouchStart={onTouchStart}
          onTouchEnd={onTouchEnd}
        >
          <div className="embla-container">
            {shown.map((img, i) => (
              // biome-ignore lint/a11y/useSemanticElements: a carousel slide is role=group (WAI-ARIA carousel pattern), not a form fieldset
              <div className="embla-slide" key={img.url} role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${shown.length}`}>
                {/* Only the first slide's image is in the page's HTML: the browser would load the ones beside it at
                    once, lazy or not, beside the page's largest paint. They come when the shopper reaches for them. */}
                <img
                  {...(i === 0 || (hydrated && reached) ? galleryImage(img.url) : {})}
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
        <button
          type="button"
          className="enlarge"
          onPointerEnter={() => void loadZoom()}
          onFocus={() => void loadZoom()}
          onClick={() => {
            setZoomWanted(true);
            setZoomOpen(true);
          }}
          aria-label="Enlarge image"
        >
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
      {current && zoomWanted && (
        <Suspense fallback={null}>
          <ZoomModal open={zoomOpen} image={current} onClose={() => setZoomOpen(false)} />
        </Suspense>
      )}
      {carousel.driver}
    </section>
  );
}
