import { useEffect, useState } from 'react';
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';
import type { ContentAsset } from '#src/lib/content/content-documents.ts';
import './content.css';

/**
 * Content assets the editors publish, shown by id with the spec's contentAsset call (each its title, text and link),
 * in the order asked; ids with nothing published show nothing, and a failed call leaves the place empty.
 */
export function ContentAssets({ ids, label }: { ids: readonly string[]; label: string }) {
  const [assets, setAssets] = useState<ContentAsset[]>([]);
  useEffect(() => {
    void callApi(API.contentAsset, { assetIds: [...ids] }).then((r) => r.ok && setAssets(r.body.assets));
  }, [ids]);
  if (assets.length === 0) return null;
  return (
    <section className="content-assets" aria-label={label}>
      {assets.map((a) => (
        <div key={a.id} className="content-asset">
          <h2>{a.title}</h2>
          <p>{a.body}</p>
          {a.link && <a href={a.link.url}>{a.link.label}</a>}
        </div>
      ))}
    </section>
  );
}
