import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import type { MediaView } from '#src/lib/commerce-types.ts';
import { zoomImage } from '#src/lib/images/image-urls.ts';
import { Modal } from '../ui/Modal.tsx';

/** Pinch zoom runs from 1× to 5× (the spec's wider reading); buttons do the same for a mouse or keyboard. */
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 5;
export const clampZoom = (z: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, z));

/**
 * How far a zoomed image may be moved, in its own (unscaled) pixels: scaled by `zoom` about its centre, it can move
 * until an edge reaches the stage's edge, so the stage is never shown empty. Nothing moves at 1×.
 */
export function clampPan(pan: { x: number; y: number }, zoom: number, box: { width: number; height: number }) {
  const room = (size: number) => (size / 2) * (1 - 1 / zoom);
  const clamp = (v: number, max: number) => Math.max(-max, Math.min(max, v)) + 0; // + 0: never -0
  return { x: clamp(pan.x, room(box.width)), y: clamp(pan.y, room(box.height)) };
}
/** An arrow key moves a zoomed image by this share of its size. */
const KEY_STEP = 0.1;

/** Product Zoom: extra large, fullscreen, no footer; pinch or use the buttons to zoom. */
export function ZoomModal({ open, image, onClose }: { open: boolean; image: MediaView; onClose: () => void }) {
  const [zoom, setZoom] = useState(1);
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const image$ = useRef<HTMLImageElement>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const startDistance = useRef<number | null>(null);
  const startZoom = useRef(1);

  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : null;
  };
  const down = (e: PointerEvent) => {
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 2) {
      startDistance.current = distance();
      startZoom.current = zoom;
    }
  };
  const box = () => ({ width: image$.current?.offsetWidth ?? 0, height: image$.current?.offsetHeight ?? 0 });
  const zoomTo = (z: number) => {
    const next = clampZoom(z);
    setZoom(next);
    setPan((p) => clampPan(p, next, box()));
  };
  const move = (e: PointerEvent) => {
    const last = pointers.current.get(e.pointerId);
    if (!last) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const d = distance();
    if (d && startDistance.current) zoomTo(startZoom.current * (d / startDistance.current));
    // One finger or the mouse moves a zoomed image (screen pixels are `zoom` image pixels).
    else if (pointers.current.size === 1 && zoom > ZOOM_MIN) {
      setPan((p) => clampPan({ x: p.x + (e.clientX - last.x) / zoom, y: p.y + (e.clientY - last.y) / zoom }, zoom, box()));
    }
  };
  const keys: Record<string, [number, number]> = { ArrowLeft: [1, 0], ArrowRight: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
  const key = (e: KeyboardEvent) => {
    const step = keys[e.key];
    if (!step || zoom <= ZOOM_MIN) return;
    e.preventDefault();
    const { width, height } = box();
    // The arrow shows more of that side: the image moves the other way.
    setPan((p) => clampPan({ x: p.x + step[0] * width * KEY_STEP, y: p.y + step[1] * height * KEY_STEP }, zoom, box()));
  };
  const up = (e: PointerEvent) => {
    pointers.current.delete(e.pointerId);
    if (pointers.current.size < 2) startDistance.current = null;
  };

  return (
    <Modal
      open={open}
      title="Product Zoom"
      size="fullscreen"
      bare
      onClose={() => {
        setZoom(1);
        setPan({ x: 0, y: 0 });
        onClose();
      }}
    >
      {/* biome-ignore lint/a11y/noNoninteractiveElementInteractions: a zoomed image is moved by dragging it or with the arrow keys, so it takes focus */}
      <section
        className={`zoom-stage${zoom > ZOOM_MIN ? ' is-zoomed' : ''}`}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        onKeyDown={key}
        tabIndex={zoom > ZOOM_MIN ? 0 : -1}
        aria-label={zoom > ZOOM_MIN ? 'Zoomed image: drag it or use the arrow keys to see another part' : undefined}
        style={{ touchAction: 'none' }}
      >
        <img
          ref={image$}
          {...zoomImage(image.url)}
          alt={image.alt}
          style={{ transform: `scale(${zoom}) translate(${pan.x}px, ${pan.y}px)` }}
          draggable={false}
        />
      </section>
      <div className="zoom-controls">
        <button type="button" onClick={() => zoomTo(zoom - 0.5)} disabled={zoom <= ZOOM_MIN} aria-label="Zoom out">
          −
        </button>
        <output aria-live="polite" aria-label="Zoom level">
          {zoom.toFixed(1)}×
        </output>
        <button type="button" onClick={() => zoomTo(zoom + 0.5)} disabled={zoom >= ZOOM_MAX} aria-label="Zoom in">
          +
        </button>
      </div>
    </Modal>
  );
}
