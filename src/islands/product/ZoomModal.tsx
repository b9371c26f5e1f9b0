import { useRef, useState, type PointerEvent } from 'react';
import type { MediaView } from '#src/lib/commerce-types.ts';
import { zoomImage } from '#src/lib/images/image-urls.ts';
import { Modal } from '../ui/Modal.tsx';

/** Pinch zoom runs from 1× to 5× (the spec's wider reading); buttons do the same for a mouse or keyboard. */
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 5;
export const clampZoom = (z: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, z));

/** Product Zoom: extra large, fullscreen, no footer; pinch or use the buttons to zoom. */
export function ZoomModal({ open, image, onClose }: { open: boolean; image: MediaView; onClose: () => void }) {
  const [zoom, setZoom] = useState(1);
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
  const move = (e: PointerEvent) => {
    if (!pointers.current.has(e.pointerId)) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const d = distance();
    if (d && startDistance.current) setZoom(clampZoom(startZoom.current * (d / startDistance.current)));
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
        onClose();
      }}
    >
      <div className="zoom-stage" onPointerDown={down} onPointerMove={move} onPointerUp={up} onPointerCancel={up} style={{ touchAction: 'none' }}>
        <img {...zoomImage(image.url)} alt={image.alt} style={{ transform: `scale(${zoom})` }} draggable={false} />
      </div>
      <div className="zoom-controls">
        <button type="button" onClick={() => setZoom((z) => clampZoom(z - 0.5))} disabled={zoom <= ZOOM_MIN} aria-label="Zoom out">
          −
        </button>
        <output aria-live="polite" aria-label="Zoom level">
          {zoom.toFixed(1)}×
        </output>
        <button type="button" onClick={() => setZoom((z) => clampZoom(z + 0.5))} disabled={zoom >= ZOOM_MAX} aria-label="Zoom in">
          +
        </button>
      </div>
    </Modal>
  );
}
