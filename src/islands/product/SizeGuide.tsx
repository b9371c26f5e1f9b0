import { useState } from 'react';
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';
import { Modal } from '../ui/Modal.tsx';

/** Size Guide: a large modal whose body is the store's size chart (POST /api/global/sfcc/read, SizeGuide-Show). */
export function SizeGuide({ sizeChartId }: { sizeChartId: string }) {
  const [open, setOpen] = useState(false);
  const [html, setHtml] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const show = async () => {
    setOpen(true);
    if (html) return;
    const r = await callApi(API.sizeGuide, { controller: 'SizeGuide-Show', query: `cid=${sizeChartId}&format=ajax` });
    if (r.ok) setHtml(r.body);
    else setError(r.message);
  };

  return (
    <>
      <button type="button" className="link" onClick={show}>
        Size Guide
      </button>
      <Modal open={open} title="Size Guide" size="large" onClose={() => setOpen(false)}>
        {error ? (
          <p role="alert">{error}</p>
        ) : html ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the size chart is the store's own content (src/server/content/size-charts.ts), never shopper input
          <div className="size-guide" dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <p aria-busy="true">Loading…</p>
        )}
      </Modal>
    </>
  );
}
