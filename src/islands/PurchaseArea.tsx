import { useEffect, useMemo, useState } from 'react';
import { callApi } from '../lib/api-client.ts';
import type { ProductView } from '../lib/commerce-types.ts';
import { PRODUCT_TYPE } from '../lib/constants.ts';
import { formatCents, formatRange } from '../lib/money.ts';
import { GIFT_MESSAGE_MAX, NAME_FIELD_MAX } from '../lib/schemas/limits.ts';
import { addButtonLabel, attributeIds, choose, isValueAvailable, normalise, resolveVariant, type Selections } from '../lib/selection.ts';
import { addToBag } from '../lib/stores/bag.ts';

interface Props {
  /** The product as it was at build time; replaced by fresh data from the server as soon as the island runs. */
  initial: ProductView;
}

function selectionsFromUrl(product: ProductView): Selections {
  const params = new URLSearchParams(window.location.search);
  return normalise(product, Object.fromEntries(attributeIds(product).map((id) => [id, params.get(id) ?? undefined])));
}

export function PurchaseArea({ initial }: Props) {
  const [product, setProduct] = useState(initial);
  const [fresh, setFresh] = useState(false);
  const [sel, setSel] = useState<Selections>({});
  const [quantity, setQuantity] = useState(1);
  const [hem, setHem] = useState('');
  const [gift, setGift] = useState({ to: '', from: '', email: '', message: '' });
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  // Stock and prices on a static page may be stale: confirm them with the server when the island hydrates.
  // The URL's selection applies at once; when fresh stock arrives, any choice that is no longer available is
  // dropped (a choice the shopper made meanwhile is kept if it still can be bought).
  useEffect(() => {
    setSel(selectionsFromUrl(initial));
    callApi<ProductView>('POST', '/api/checkout/product/read', { productId: initial.id }).then((r) => {
      const current = r.ok ? r.body : initial;
      setProduct(current);
      setSel((s) => normalise(current, s));
      setFresh(true);
    });
  }, [initial]);

  const variant = resolveVariant(product, sel);
  const isGiftCard = product.productType === PRODUCT_TYPE.giftCard || product.productType === PRODUCT_TYPE.eGiftCard;
  const maxQty = variant ? Math.max(1, variant.maxOrderable) : product.maxOrderQty;
  const hemFamily = variant?.sizeFamily ? product.hemming[variant.sizeFamily] : undefined;

  useEffect(() => {
    if (quantity > maxQty) setQuantity(1);
  }, [maxQty, quantity]);

  useEffect(() => {
    const url = new URL(window.location.href);
    for (const id of attributeIds(product)) {
      const value = sel[id];
      if (value) url.searchParams.set(id, value);
      else url.searchParams.delete(id);
    }
    window.history.replaceState(null, '', url);
  }, [sel, product]);

  const price = useMemo(() => {
    if (variant) return { final: formatCents(variant.finalPrice), list: variant.listPrice > variant.finalPrice ? formatCents(variant.listPrice) : null };
    const { finalPrice, listPrice } = product.priceData;
    return { final: formatRange(finalPrice), list: listPrice.max > finalPrice.max ? formatRange(listPrice) : null };
  }, [variant, product]);

  const pick = (attrId: string, value: string) => {
    setSel((s) => choose(product, s, attrId, value));
    setNotice(null);
  };

  const canAdd = !busy && fresh && !!variant && variant.inStock;
  const onAdd = async () => {
    if (!canAdd || !variant) return;
    setBusy(true);
    setNotice(null);
    const result = await addToBag({
      productId: variant.id,
      quantity,
      optionItems: hem ? [{ optionId: 'hemming', optionValueId: '1' }] : undefined,
      c_hemmingInseamLength: hem || undefined,
      ...(isGiftCard
        ? { c_giftCardRecipient: gift.to, c_giftCardSender: gift.from, giftMessage: gift.message || undefined, c_giftCardRecipientEmail: gift.email || undefined }
        : {}),
      fromPDP: true,
    });
    setBusy(false);
    setNotice(result.ok ? { kind: 'success', text: `Added ${quantity} to your bag.` } : { kind: 'error', text: result.message });
  };

  return (
    <section className="purchase" aria-label="Choose options and add to bag">
      <p className="price">
        <span className="price-final">{price.final}</span>
        {price.list && <s className="price-list" aria-label={`Was ${price.list}`}>{price.list}</s>}
      </p>
      {product.variationAttributes.map((attr) => (
        <fieldset key={attr.id} className="attr">
          <legend>
            {attr.name}: <strong>{attr.values.find((v) => v.id === sel[attr.id])?.name ?? 'Select'}</strong>
          </legend>
          <div className="attr-values">
            {attr.values.map((value) => {
              const available = isValueAvailable(product, sel, attr.id, value.id);
              const selected = sel[attr.id] === value.id;
              return (
                <button
                  key={value.id}
                  type="button"
                  className={attr.id === 'color' ? 'swatch' : 'chip'}
                  style={attr.id === 'color' && value.swatch ? { background: value.swatch } : undefined}
                  aria-pressed={selected}
                  aria-disabled={!available}
                  aria-label={`${value.name}${available ? '' : ' (out of stock)'}`}
                  title={value.name}
                  onClick={() => available && pick(attr.id, value.id)}
                >
                  {attr.id === 'color' ? '' : value.name}
                </button>
              );
            })}
          </div>
        </fieldset>
      ))}
      {product.isHemmable && hemFamily && (
        <label className="field">
          Hemming ({formatCents(hemFamily.price)}): inseam
          <select value={hem} onChange={(e) => setHem(e.target.value)}>
            <option value="">No hemming</option>
            {hemFamily.options.map((o) => (
              <option key={o.id} value={o.value}>{o.displayValue}</option>
            ))}
          </select>
          <small>{hemFamily.message}</small>
        </label>
      )}
      {isGiftCard && (
        <div className="gift">
          <label className="field">To<input value={gift.to} maxLength={NAME_FIELD_MAX} required onChange={(e) => setGift({ ...gift, to: e.target.value })} /></label>
          <label className="field">From<input value={gift.from} maxLength={NAME_FIELD_MAX} required onChange={(e) => setGift({ ...gift, from: e.target.value })} /></label>
          {product.productType === PRODUCT_TYPE.eGiftCard && (
            <label className="field">Recipient email<input type="email" value={gift.email} required onChange={(e) => setGift({ ...gift, email: e.target.value })} /></label>
          )}
          <label className="field">Message ({gift.message.length}/{GIFT_MESSAGE_MAX})<textarea value={gift.message} maxLength={GIFT_MESSAGE_MAX} onChange={(e) => setGift({ ...gift, message: e.target.value })} /></label>
        </div>
      )}
      <label className="field qty">
        Quantity
        <select value={quantity} onChange={(e) => setQuantity(Number(e.target.value))}>
          {Array.from({ length: maxQty }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>{n}</option>
          ))}
        </select>
      </label>
      {variant && !variant.inStock && <p className="notice notice-error" role="alert">This combination is out of stock. Please select another color or size.</p>}
      {variant?.isBackOrdered && <p className="notice notice-caution">Back-ordered: ships in 2-3 weeks.</p>}
      <button type="button" className="add" onClick={onAdd} disabled={!canAdd} aria-busy={busy}>
        {busy ? 'Adding…' : addButtonLabel(product, sel)}
      </button>
      {notice && (
        <p className={`notice notice-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text} {notice.kind === 'success' && <a href="/cart">View bag</a>}
        </p>
      )}
    </section>
  );
}
