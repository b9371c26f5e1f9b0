import { useCallback, useEffect, useState } from 'react';
import { callApi } from '#src/lib/api-client.ts';
import type { ProductView } from '#src/lib/commerce-types.ts';
import { QUICK_SHOP_EVENT, quickShopLink, type QuickShopDetail } from '#src/lib/quick-shop.ts';
import { loadBag } from '#src/lib/stores/bag.ts';
import { Modal } from '../ui/Modal.tsx';
import { PurchaseArea } from './PurchaseArea.tsx';

/** The Quick Shop modal (extra large): the purchase area of any product, to add or, from the bag, to edit a line. */
export function QuickShop({ initial }: { initial?: QuickShopDetail }) {
  const [detail, setDetail] = useState<QuickShopDetail | null>(initial ?? null);
  const [product, setProduct] = useState<ProductView | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const onEvent = (e: Event) => setDetail((e as CustomEvent<QuickShopDetail>).detail);
    window.addEventListener(QUICK_SHOP_EVENT, onEvent);
    return () => window.removeEventListener(QUICK_SHOP_EVENT, onEvent);
  }, []);

  useEffect(() => {
    if (!detail) return;
    setProduct(null);
    setError(null);
    callApi<ProductView>('POST', '/api/checkout/product/read', { productId: detail.productId }).then((r) =>
      r.ok ? setProduct(r.body) : setError(r.message),
    );
  }, [detail]);

  const close = useCallback(() => setDetail(null), []);
  const t = detail?.templateProps;
  const edit =
    t?.mode === 'edit' && t.itemId && t.variantId
      ? { itemId: t.itemId, variantId: t.variantId, quantity: t.quantity ?? 1, hemming: t.hemming ?? null }
      : undefined;
  const link = detail ? quickShopLink(detail.productLink) : null;

  return (
    <Modal open={!!detail} title={edit ? 'Edit Item' : 'Quick Shop'} size="xl" onClose={close}>
      {error && <p role="alert">{error}</p>}
      {!product && !error && <p aria-busy="true">Loading…</p>}
      {product && (
        <div className="quick-shop">
          <img src={product.images[0]?.url} alt={product.images[0]?.alt ?? ''} width="300" height="375" />
          <div>
            <p className="pdp-brand">{product.brandName}</p>
            <h3>{product.name}</h3>
            <PurchaseArea
              key={product.id + (edit?.itemId ?? '')}
              initial={product}
              edit={edit}
              embedded
              onDone={() => {
                void loadBag(true);
                close();
              }}
            />
            {link && <a href={link.href}>View full details</a>}
          </div>
        </div>
      )}
    </Modal>
  );
}
