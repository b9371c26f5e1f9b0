import { useStore } from '@nanostores/react';
import type { LineItemView } from '../lib/commerce-types.ts';
import { PRODUCT_TYPE } from '../lib/constants.ts';
import { formatCents } from '../lib/money.ts';
import { $bagPendingItem, removeLine, updateLineQuantity } from '../lib/stores/bag.ts';

/** One bag line: image, name, options, quantity dropdown (where the item allows it), remove, line price. */
export function LineItem({ item }: { item: LineItemView }) {
  const pending = useStore($bagPendingItem) === item.itemId;
  const fixedQuantity = item.c_productType !== PRODUCT_TYPE.regular;
  const max = Math.max(item.quantity, item.c_lineItemDetails.maxOrderQuantity);
  const label = `${item.productName}, ${item.colorName}${item.sizeLabel ? `, ${item.sizeLabel}` : ''}`;
  return (
    <li className="line" aria-busy={pending} aria-label={label}>
      {pending && <div className="line-overlay" aria-hidden="true" />}
      <img src={item.c_productImageUrl} alt="" width="96" height="120" loading="lazy" />
      <div className="line-main">
        <a href={item.c_lineItemDetails.productUrl}>{item.productName}</a>
        <p className="line-attrs">
          {item.colorName}
          {item.sizeLabel && ` · ${item.sizeLabel}`}
        </p>
        {item.optionItems.map((o) => (
          <p key={o.optionId} className="line-option">{o.itemText} (+{formatCents(o.price)})</p>
        ))}
        {item.c_giftCardRecipient && <p className="line-option">To {item.c_giftCardRecipient}, from {item.c_giftCardSender}</p>}
        {item.c_lineItemDetails.availabilityMsg && <p className="notice notice-caution">{item.c_lineItemDetails.availabilityMsg}</p>}
        <div className="line-actions">
          {fixedQuantity ? (
            <span>Qty {item.quantity}</span>
          ) : (
            <label>
              Quantity
              <select value={item.quantity} disabled={pending} onChange={(e) => updateLineQuantity(item.itemId, Number(e.target.value))}>
                {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n}>{n}</option>
                ))}
              </select>
            </label>
          )}
          <button type="button" className="link" disabled={pending} onClick={() => removeLine(item.itemId)} aria-label={`Remove ${item.productName}`}>
            Remove
          </button>
        </div>
      </div>
      <div className="line-price">
        <span data-testid="line-price">{formatCents(item.price)}</span>
        {item.c_lineItemDetails.original_price_value > item.basePrice && (
          <s>{formatCents(item.c_lineItemDetails.original_price_value * item.quantity)}</s>
        )}
      </div>
    </li>
  );
}
