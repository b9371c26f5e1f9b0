import { recordAddToCartMethod, startProductAnalytics } from './product-analytics.ts';
import { loadReviewsWidget } from './reviews-widget-loader.ts';
import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';
import type { BasketView, ProductView } from '#src/lib/commerce-types.ts';
import { DEFAULT_QUANTITY } from '#src/lib/constants.ts';
import { isEGiftCard, isGiftCard, isMembership, offersColorChoice } from '#src/lib/product-types.ts';
import {
  availabilityNotice,
  clampQuantity,
  colorGroupNotes,
  priceBlock,
  giftCardErrors,
  quantityOptions,
  showHemming,
  showWishlistToggle,
  type GiftCardFields,
} from '#src/lib/product-rules.ts';
import { getBrowserCookie, setBrowserCookie } from '#src/lib/cookies.ts';
import { pushRecentlyViewed, RECENTLY_VIEWED_COOKIE, RECENTLY_VIEWED_SECONDS } from '#src/lib/recommendations.ts';
import { addButtonLabel, attributeIds, choose, normalise, resolveVariant, withDefaults, type Selections } from '#src/lib/selection.ts';
import { addToBag, replaceLine } from '#src/lib/stores/bag.ts';
import { $previewColor, $selectedColor } from '#src/lib/stores/product.ts';
import { AttributeSelector } from './AttributeSelector.tsx';
import { GiftCardForm } from './GiftCardForm.tsx';
import { SizeGuide } from './SizeGuide.tsx';
import { WishlistToggle } from '../wishlist/WishlistToggle.tsx';
import './product.css';

export interface EditLine {
  itemId: string;
  variantId: string;
  quantity: number;
  hemming: string | null;
}

interface Props {
  /** The product as it was at build time; replaced by fresh data from the server as soon as the island runs. */
  initial: ProductView;
  /** Edit mode (quick shop from the bag): preselects the line and updates it instead of adding. */
  edit?: EditLine;
  /** Quick shop: no URL sync or recently-viewed, and a callback once the line is updated. */
  embedded?: boolean;
  onDone?: () => void;
  /** Quick shop: hands the added-to-bag reply to the host, which closes itself and shows the confirmation. */
  onAdded?: (basket: BasketView) => void;
  /** Quick shop: the colour chosen, and the colour under the pointer or focus, for its own image. */
  onColor?: (color: string | undefined) => void;
  onPreviewColor?: (color: string | undefined) => void;
}

// The perks join modal (sign-in, terms) is fetched the first time it opens: other product pages never load it.
const PerksJoin = lazy(() => import('../perks/PerksJoin.tsx').then((m) => ({ default: m.PerksJoin })));
// So are the added-to-bag confirmation (asked for with the add, while its request runs) and the waitlist form (shown
// for a chosen size that is out of stock).
const loadAddedToBag = () => import('./AddedToBagModal.tsx').then((m) => ({ default: m.AddedToBagModal }));
const AddedToBagModal = lazy(loadAddedToBag);
const WaitlistForm = lazy(() => import('./WaitlistForm.tsx').then((m) => ({ default: m.WaitlistForm })));
// The hemming choice shows once a size of a hemmable product is chosen: its module loads then, not with every page.
const HemmingSelector = lazy(() => import('./HemmingSelector.tsx').then((m) => ({ default: m.HemmingSelector })));

const EMPTY_GIFT: GiftCardFields = { to: '', from: '', email: '', confirmEmail: '', withMessage: false, message: '' };

function selectionsFromUrl(product: ProductView): Selections {
  const params = new URLSearchParams(window.location.search);
  return Object.fromEntries(attributeIds(product).map((id) => [id, params.get(id) ?? undefined]));
}

function selectionsOf(product: ProductView, variantId: string): Selections {
  const v = product.variants.find((x) => x.id === variantId);
  return v ? Object.fromEntries(attributeIds(product).map((id) => [id, v[id as 'color'] ?? undefined])) : {};
}

export function PurchaseArea({ initial, edit, embedded = false, onDone, onAdded, onColor, onPreviewColor }: Props) {
  const [product, setProduct] = useState(initial);
  const [fresh, setFresh] = useState(false);
  // The built HTML already shows the colour the page will choose without a URL (the first one that can be bought) and
  // its price: waking, the purchase area then changes nothing unless the URL or an edited line says otherwise.
  const [sel, setSel] = useState<Selections>(() => (edit ? {} : withDefaults(initial, {})));
  const [quantity, setQuantity] = useState(edit?.quantity ?? DEFAULT_QUANTITY);
  const [hem, setHem] = useState<string | null>(edit?.hemming ?? null);
  const [gift, setGift] = useState<GiftCardFields>(EMPTY_GIFT);
  const [giftShown, setGiftShown] = useState<Partial<Record<keyof GiftCardFields, boolean>>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<BasketView | null>(null);
  const [everAdded, setEverAdded] = useState(false);
  const [joining, setJoining] = useState(false);
  // Kept once opened, so closing it (its dialog's close event) gives focus back to the button that opened it.
  const [joinOpened, setJoinOpened] = useState(false);
  // The URL follows the selection only once the selection has been read from it (a first pass with nothing
  // chosen would drop the shopper's ?color= and ?size= and write them back a moment later).
  const [started, setStarted] = useState(false);
  const idBase = useId();

  // The URL's (or the edited line's) selection applies at once; when fresh stock arrives, a choice that is no
  // longer available is dropped (a choice made meanwhile is kept if it still can be bought).
  useEffect(() => {
    const start = edit ? selectionsOf(initial, edit.variantId) : embedded ? {} : selectionsFromUrl(initial);
    setSel(withDefaults(initial, normalise(initial, start)));
    setStarted(true);
    if (!embedded) {
      setBrowserCookie(RECENTLY_VIEWED_COOKIE, pushRecentlyViewed(getBrowserCookie(RECENTLY_VIEWED_COOKIE), initial.id), {
        maxAge: RECENTLY_VIEWED_SECONDS,
      });
    }
    callApi(API.readProduct, { productId: initial.id }).then((r) => {
      const current = r.ok ? r.body : initial;
      setProduct(current);
      setSel((s) => withDefaults(current, normalise(current, s)));
      setFresh(true);
    });
  }, [initial, edit, embedded]);

  const variant = resolveVariant(product, sel);
  const giftCard = isGiftCard(product.productType);
  const eGift = isEGiftCard(product.productType);
  const maxQty = variant ? Math.max(1, variant.maxOrderable) : product.maxOrderQty;
  const hemFamily = showHemming(product, variant) ? product.hemming[variant!.sizeFamily!] : undefined;
  const notice = availabilityNotice(product, sel, variant);
  const giftErrors = giftCard ? giftCardErrors(eGift, gift, !!giftShown.confirmEmail) : {};

  useEffect(() => setQuantity((q) => clampQuantity(q, maxQty)), [maxQty]);
  // The product page's own calls (the page-load analytics, the server's cookies) and the reviews widget start with
  // the purchase area, which wakes once the first photograph has been shown: nothing competes with it.
  useEffect(() => {
    if (embedded || edit) return;
    startProductAnalytics();
    loadReviewsWidget();
  }, [embedded, edit]);
  // A chosen inseam that the new size's family does not offer is dropped (each family has its own inseams).
  useEffect(() => {
    if (variant && hem && !hemFamily?.options.some((o) => o.value === hem)) setHem(null);
  }, [variant, hem, hemFamily]);
  // The product page's gallery follows this purchase area's colour; a quick shop over a page leaves it alone and
  // tells its own image instead.
  useEffect(() => {
    if (embedded) onColor?.(sel.color);
    else $selectedColor.set(sel.color);
  }, [sel.color, embedded, onColor]);

  useEffect(() => {
    if (embedded || !started) return;
    const url = new URL(window.location.href);
    for (const id of attributeIds(product)) {
      const value = sel[id];
      if (value) url.searchParams.set(id, value);
      else url.searchParams.delete(id);
    }
    if (url.href !== window.location.href) window.history.replaceState(null, '', url);
  }, [sel, product, embedded, started]);

  const price = useMemo(() => priceBlock(product, variant, sel.color), [variant, product, sel.color]);
  const groups = colorGroupNotes(product, sel.color);

  const pick = (attrId: string, value: string) => {
    setSel((s) => choose(product, s, attrId, value));
    setError(null); // any change of options (here, the quantity, hemming and gift card fields) clears the add error
  };

  const canAdd = !busy && fresh && !error && !!variant && variant.inStock;
  // The perks membership is joined through its own modal (terms, and an account): the add button opens it.
  const membership = isMembership(product.productType) && !edit;
  const onAdd = async () => {
    if (!canAdd || !variant) return;
    if (membership) {
      setJoinOpened(true);
      return setJoining(true);
    }
    if (giftCard && Object.keys(giftErrors).length > 0) {
      setGiftShown({ to: true, from: true, email: true, confirmEmail: true, message: true });
      return;
    }
    setBusy(true);
    if (!edit && !onAdded) void loadAddedToBag();
    const options = {
      productId: variant.id,
      quantity,
      optionItems: hem ? [{ optionId: 'hemming' as const, optionValueId: '1' as const }] : undefined,
      c_hemmingInseamLength: hem ?? undefined,
    };
    const result = edit
      ? await replaceLine(edit.itemId, options)
      : await addToBag({
          ...options,
          ...(giftCard
            ? {
                c_giftCardRecipient: gift.to,
                c_giftCardSender: gift.from,
                giftMessage: gift.withMessage ? gift.message : undefined,
                c_giftCardRecipientEmail: eGift ? gift.email : undefined,
              }
            : {}),
          fromPDP: !embedded,
        });
    setBusy(false);
    if (!result.ok) return setError(result.message);
    if (edit) return onDone?.();
    recordAddToCartMethod(product.id);
    if (onAdded) return onAdded(result.basket);
    setEverAdded(true);
    setAdded(result.basket);
  };

  const label = edit ? (variant?.inStock ? 'Update' : addButtonLabel(product, sel)) : addButtonLabel(product, sel);
  return (
    <section className="purchase" aria-label="Choose options and add to bag">
      {/* Promotions and stock as the server has them once hydrated (a promotion that ended or started after the
          build shows so at once), the build's until then. */}
      {Object.values(product.promotions)
        .filter((p) => p.showPromoInPDP)
        .map((p) => (
          <p key={p.id} className="callout">
            {p.calloutMsg}
            {/* The hint only when the callout does not name the code already ('…with code DRESS10'). */}
            {p.couponCodeID && !p.calloutMsg.toUpperCase().includes(p.couponCodeID.toUpperCase()) && (
              <span className="coupon-hint">
                {' '}
                Use code <strong>{p.couponCodeID}</strong> in your bag.
              </span>
            )}
          </p>
        ))}
      {/* A clearance or final-sale group's price and message name the colours they mean; the chosen colour's
          group stands out, and its swatches point to it (AttributeSelector). */}
      {groups.map((g) => (
        <p key={g.type} id={`${idBase}-${g.type}`} className={g.current ? 'group-callout group-callout-current' : 'group-callout'}>
          {g.message} ({g.colorNames.join(', ')}): {g.price}
        </p>
      ))}
      {product.completeOOS && (
        <div className="sold-out">
          <p className="notice notice-error" data-testid="sold-out">
            This item is sold out.
          </p>
          {product.isMasterWaitlisted && !edit && !variant && <p className="notice notice-caution">Choose your size to join the waitlist.</p>}
        </div>
      )}
      <p className="price">
        <span className="price-final">{price.final}</span>
        {price.list && (
          // biome-ignore lint/a11y/useAriaPropsSupportedByRole: TODO a visually-hidden 'Was' instead of aria-label on <s> (tests/e2e/product.spec.ts finds it by this label)
          <s className="price-list" aria-label={`Was ${price.list}`}>
            {price.list}
          </s>
        )}
        {price.sale && <span className="price-sale">Sale {price.sale}</span>}
      </p>
      {product.variationAttributes
        .filter((attr) => attr.id !== 'color' || offersColorChoice(product.productType))
        .map((attr) => (
          <AttributeSelector
            key={attr.id}
            attr={attr}
            product={product}
            sel={sel}
            onPick={pick}
            onPreview={(c) => (embedded ? onPreviewColor?.(c) : $previewColor.set(c))}
            selectableWhenOut={product.isMasterWaitlisted}
            groupIdBase={idBase}
          />
        ))}
      {product.sizeChartId && <SizeGuide sizeChartId={product.sizeChartId} />}
      {hemFamily && (
        <Suspense fallback={null}>
          <HemmingSelector
            family={hemFamily}
            value={hem}
            onChange={(v) => {
              setHem(v);
              setError(null);
            }}
          />
        </Suspense>
      )}
      {giftCard && (
        <GiftCardForm
          eGift={eGift}
          fields={gift}
          errors={giftErrors}
          shown={giftShown}
          onChange={(g) => {
            setGift(g);
            setError(null);
          }}
          onLeave={(f) => setGiftShown((s) => ({ ...s, [f]: true }))}
        />
      )}
      {!giftCard && !isMembership(product.productType) && !product.completeOOS && (
        <label className="field qty">
          Quantity
          <select
            value={quantity}
            onChange={(e) => {
              setQuantity(Number(e.target.value));
              setError(null);
            }}
          >
            {quantityOptions(maxQty).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      )}
      {notice && (
        <p className={`notice notice-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      {/* Not disabled while adding: the button keeps focus, so the confirmation's Continue Shopping returns to it. */}
      <button type="button" className="add" onClick={onAdd} disabled={!canAdd && !busy} aria-disabled={busy || undefined} aria-busy={busy}>
        {busy ? (edit ? 'Updating…' : 'Adding…') : label}
      </button>
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      {!edit && <WishlistToggle productId={variant?.id ?? product.id} visible={showWishlistToggle(product, sel)} />}
      {!edit && product.isMasterWaitlisted && variant && !variant.inStock && (
        <Suspense fallback={null}>
          <WaitlistForm key={variant.id} skuId={variant.id} />
        </Suspense>
      )}
      {!edit && everAdded && (
        <Suspense fallback={null}>
          <AddedToBagModal basket={added} product={product} onClose={() => setAdded(null)} />
        </Suspense>
      )}
      {membership && variant && joinOpened && (
        <Suspense fallback={null}>
          <PerksJoin
            open={joining}
            onClose={() => setJoining(false)}
            variantId={variant.id}
            productName={product.name}
            priceCents={variant.finalPrice}
          />
        </Suspense>
      )}
    </section>
  );
}
