import { useStore } from '@nanostores/react';
import { useState, type MouseEvent } from 'react';
import { editEventDetail, lineActions, lineQuantityOptions } from '#src/lib/bag-line-rules.ts';
import { openQuickShop } from '#src/lib/quick-shop.ts';
import type { LineItemView } from '#src/lib/commerce-types.ts';
import { formatCents } from '#src/lib/money.ts';
import { describeLineItem } from '#src/lib/line-details.ts';
import { FINAL_SALE_MESSAGE } from '#src/lib/sale-messages.ts';
import { $bag, $bagPendingItem, removeLine, updateLineQuantity } from '#src/lib/stores/bag.ts';
import { moveToWishlist } from '#src/lib/stores/wishlist.ts';
import { PromotionDetails } from './PromotionDetails.tsx';
import { QuantitySelect } from './QuantitySelect.tsx';
import { thumbImage } from '#src/lib/images/image-urls.ts';
import './bag.css';

interface Props {
  item: LineItemView;
  /** 'full' (the bag: every action) or 'compact' (mini bag, checkout: no actions). Default 'full'. */
  variant?: 'full' | 'compact';
}

/** One bag line: image, name, options, promotions, availability, the action row, line price. */
export function LineItem({ item, variant = 'full' }: Props) {
  const pending = useStore($bagPendingItem) === item.itemId;
  const [error, setError] = useState<string | null>(null);
  const actions = lineActions(item);
  const full = variant === 'full';
  const quantities = lineQuantityOptions(item.quantity, item.c_lineItemDetails.maxOrderQuantity);
  const label = `${item.productName}, ${item.colorName}${item.sizeLabel ? `, ${item.sizeLabel}` : ''}`;
  const details = item.c_lineItemDetails;
  const described = describeLineItem(item);

  const edit = () => openQuickShop(editEventDetail(item));
  // Focus goes to the next line's first control (or the one before); an emptied bag focuses its heading (BagPage).
  // The button is never `disabled` while the line saves, which would drop focus to the page.
  const remove = async (e: MouseEvent<HTMLButtonElement>) => {
    if (pending) return;
    const line = e.currentTarget.closest('li');
    const neighbour = line?.nextElementSibling ?? line?.previousElementSibling;
    await removeLine(item.itemId);
    const removed = !$bag.get()?.productItems.some((i) => i.itemId === item.itemId);
    if (removed) neighbour?.querySelector<HTMLElement>('a, button, select')?.focus();
  };
  const move = async () => {
    setError(null);
    const r = await moveToWishlist(item);
    if (!r.ok) setError(r.message);
  };

  return (
    <li className={`line line-${variant}`} aria-busy={pending} aria-label={label}>
      {pending && <div className="line-overlay" aria-hidden="true" />}
      <img {...thumbImage(item.c_productImageUrl)} alt="" width="96" height="120" loading="lazy" />
      <div className="line-main">
        <a href={details.productUrl}>{item.productName}</a>
        <p className="line-attrs">{described.attributes}</p>
        {described.options.map((text) => (
          <p key={text} className="line-option">
            {text}
          </p>
        ))}
        {described.finalSale && <p className="notice notice-caution line-final-sale">{FINAL_SALE_MESSAGE}</p>}
        {full &&
          item.priceAdjustments.map((a) => (
            <p key={a.promotionId} className="line-promo">
              <span>
                {a.itemText} ({formatCents(a.price)})
              </span>{' '}
              <PromotionDetails promotionId={a.promotionId} label={`Details of ${a.itemText}`} />
            </p>
          ))}
        {item.showRestrictedShippingStateMessage && <p className="notice notice-caution">This item cannot ship to the state you chose.</p>}
        {details.availabilityMsg && <p className={`notice ${details.isOutOfStock ? 'notice-error' : 'notice-caution'}`}>{details.availabilityMsg}</p>}
        {full ? (
          <div className="line-actions">
            {actions.canChangeQuantity ? (
              <QuantitySelect value={item.quantity} options={quantities} busy={pending} onCommit={(q) => updateLineQuantity(item.itemId, q)} />
            ) : (
              <span>Qty {item.quantity}</span>
            )}
            {actions.canEdit && (
              <button type="button" className="link" disabled={pending} onClick={edit} aria-label={`Edit ${item.productName}`}>
                Edit
              </button>
            )}
            <button type="button" className="link" aria-disabled={pending} onClick={remove} aria-label={`Remove ${item.productName}`}>
              Remove
            </button>
            {actions.canMoveToWishlist && (
              <button type="button" className="link" disabled={pending} onClick={move} aria-label={`Move to Wishlist: ${item.productName}`}>
                Move to Wishlist
              </button>
            )}
          </div>
        ) : (
          <p className="line-attrs">Qty {item.quantity}</p>
        )}
        {error && (
          <p className="notice notice-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="line-price">
        <span data-testid="line-price">{formatCents(item.price)}</span>
        {described.originalTotal !== null && (
          <s>
            <span className="visually-hidden">was </span>
            {formatCents(described.originalTotal)}
          </s>
        )}
      </div>
    </li>
  );
}
