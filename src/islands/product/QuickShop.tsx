import { useCallback, useEffect, useRef, useState } from 'react';
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';
import type { BasketView, ProductView } from '#src/lib/commerce-types.ts';
import { tileImage } from '#src/lib/images/image-urls.ts';
import { imagesFor } from '#src/lib/product-rules.ts';
import { QUICK_SHOP_EVENT, quickShopLink, type QuickShopDetail } from '#src/lib/quick-shop.ts';
import { loadBag } from '#src/lib/stores/bag.ts';
import { Modal } from '../ui/Modal.tsx';
import { AddedToBagModal } from './AddedToBagModal.tsx';
import { PurchaseArea } from './PurchaseArea.tsx';
import './product.css';

/** The Quick Shop modal (extra large): the purchase area of any product, to add or, from the bag, to edit a line. */
export function QuickShop({ initial }: { initial?: QuickShopDetail }) {
  const [detail, setDetail] = useState<QuickShopDetail | null>(initial ?? null);
  const [product, setProduct] = useState<ProductView | null>(null);
  const [error, setError] = useState<string | null>(null);
  // What opened quick shop (the tile's Quick Shop button): focus returns there after the added-to-bag modal too.
  const opener = useRef<Element | null>(initial ? document.activeElement : null);
  // Its own image follows its own colour (product spec §4: a new colour starts at its first image), never the page's.
  const [color, setColor] = useState<string | undefined>(undefined);
  const [preview, setPreview] = useState<string | undefined>(undefined);

  useEffect(() => {
    const onEvent = (e: Event) => {
      opener.current = document.activeElement;
      setDetail((e as CustomEvent<QuickShopDetail>).detail);
    };
    window.addEventListener(QUICK_SHOP_EVENT, onEvent);
    return () => window.removeEventListener(QUICK_SHOP_EVENT, onEvent);
  }, []);

  useEffect(() => {
    if (!detail) return;
    setProduct(null);
    setError(null);
    setColor(undefined);
    setPreview(undefined);
    callApi(API.readProduct, { productId: detail.productId }).then((r) => (r.ok ? setProduct(r.body) : setError(r.message)));
  }, [detail]);

  const close = useCallback(() => setDetail(null), []);
  // An add closes quick shop and shows the confirmation on its own (never one modal over the other).
  // Kept mounted once shown (basket null when closed), so its dialog closes and hands focus back like any modal.
  const [added, setAdded] = useState<{ basket: BasketView | null; product: ProductView } | null>(null);
  const t = detail?.templateProps;
  const edit =
    t?.mode === 'edit' && t.itemId && t.variantId
      ? { itemId: t.itemId, variantId: t.variantId, quantity: t.quantity ?? 1, hemming: t.hemming ?? null }
      : undefined;
  const link = detail ? quickShopLink(detail.productLink) : null;
  const image = product ? imagesFor(product, preview ?? color)[0] : undefined;

  return (
    <>
      <Modal open={!!detail} title={edit ? 'Edit Item' : 'Quick Shop'} size="xl" onClose={close}>
        {error && <p role="alert">{error}</p>}
        {!product && !error && <p aria-busy="true">Loading…</p>}
        {product && (
          <div className="quick-shop">
            <img {...(image && tileImage(image.url))} alt={image?.alt ?? ''} width="300" height="375" />
            <div>
              <p className="pdp-brand">{product.brandName}</p>
              <h3>{product.name}</h3>
              <PurchaseArea
                key={product.id + (edit?.itemId ?? '')}
                initial={product}
                edit={edit}
                embedded
                onColor={setColor}
                onPreviewColor={setPreview}
                onDone={() => {
                  void loadBag(true);
                  close();
                }}
                onAdded={(basket) => {
                  setAdded({ basket, product });
                  close();
                }}
              />
              {link && <a href={link.href}>View full details</a>}
            </div>
          </div>
        )}
      </Modal>
      {added && (
        <AddedToBagModal
          basket={added.basket}
          product={added.product}
          onClose={() => {
            setAdded((a) => a && { ...a, basket: null });
            // Quick shop had already closed under it: focus goes back to what opened quick shop (the tile's button).
            if (opener.current instanceof HTMLElement) opener.current.focus();
          }}
        />
      )}
    </>
  );
}
