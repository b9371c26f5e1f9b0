import * as v from 'valibot';
import { noCardNumber } from '../no-card-number.ts';
import { DEFAULT_MAX_ORDER_QTY, ID_MAX_LENGTH } from '../constants.ts';
import { GIFT_MESSAGE_MAX, NAME_FIELD_MAX } from './limits.ts';
import { Email } from './email.ts';

/**
 * Payload rules shared by islands (instant feedback) and endpoints (enforcement). Unknown keys are dropped, so a
 * price sent by a client never reaches the engine.
 */
/** A required string: a missing key reads the same as an empty value, with the field's own message. */
const requiredText = (message: string) =>
  v.pipe(
    v.optional(v.string(message), ''),
    v.trim(),
    v.minLength(1, message),
    v.maxLength(ID_MAX_LENGTH, `${message.replace(/ is required\.$/, '')} is too long.`),
  );

const Id = requiredText('Item id is required.');

export const Quantity = v.pipe(
  v.number('Quantity must be a number.'),
  v.integer('Quantity must be a whole number.'),
  v.minValue(1, 'Quantity must be at least 1.'),
  v.maxValue(DEFAULT_MAX_ORDER_QTY, `Quantity must be at most ${DEFAULT_MAX_ORDER_QTY}.`),
);

const OptionalText = (max: number, label: string) =>
  v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, `${label} must be at most ${max} characters.`), noCardNumber()), undefined);

/** The gift card's personalised message (header spec §5): required once its checkbox is ticked, at most 330. */
export const GIFT_MESSAGE_REQUIRED = 'Please add a message';
export const GIFT_MESSAGE_TOO_LONG = `At most ${GIFT_MESSAGE_MAX} characters`;
export const GiftMessage = v.pipe(
  v.string(GIFT_MESSAGE_REQUIRED),
  v.trim(),
  v.minLength(1, GIFT_MESSAGE_REQUIRED),
  v.maxLength(GIFT_MESSAGE_MAX, GIFT_MESSAGE_TOO_LONG),
  noCardNumber(),
);

export const AddToBagSchema = v.object({
  productId: Id,
  quantity: v.optional(Quantity, 1),
  optionItems: v.optional(
    v.pipe(
      v.array(v.object({ optionId: v.picklist(['hemming'], 'Unknown option.'), optionValueId: v.picklist(['0', '1'], 'Hemming is 1 or 0.') })),
      v.maxLength(1, 'Only one hemming option per item.'),
    ),
  ),
  c_hemmingInseamLength: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^\d{2}$/, 'Inseam length must be two digits.'))),
  /** Sent only when the gift message box is ticked (absent otherwise), so when sent it must say something. */
  giftMessage: v.optional(GiftMessage),
  c_giftCardSender: OptionalText(NAME_FIELD_MAX, 'From'),
  c_giftCardRecipient: OptionalText(NAME_FIELD_MAX, 'To'),
  c_giftCardRecipientEmail: v.optional(Email),
  fromPDP: v.optional(v.boolean()),
  /**
   * The perks join modal after a sign-in (checkout spec §7): who it signed in as. The server knows the shopper from
   * the session and refuses a customerId that is not the session's; a membership is always checked against the
   * shopper's current one (checkIfAlreadyMember is accepted as the spec sends it).
   */
  checkIfAlreadyMember: v.optional(v.boolean()),
  email: v.optional(Email),
  customerId: v.optional(Id),
  /** Claims a free gift: the id of one of the basket's bonusDiscountLineItems. */
  bonusDiscountLineItemId: v.optional(
    v.pipe(
      v.string('The free gift offer is not valid.'),
      v.trim(),
      v.minLength(1, 'The free gift offer is not valid.'),
      v.maxLength(ID_MAX_LENGTH, 'The free gift offer is not valid.'),
    ),
  ),
});
export type AddToBagInput = v.InferOutput<typeof AddToBagSchema>;

export const ProductReadSchema = v.object({ productId: Id });

/** A quantity change, or (edit mode) the line's new variant and hemming as well. */
export const UpdateBasketItemSchema = v.object({
  itemId: Id,
  body: v.object(
    {
      quantity: Quantity,
      productId: v.optional(Id),
      optionItems: AddToBagSchema.entries.optionItems,
      c_hemmingInseamLength: AddToBagSchema.entries.c_hemmingInseamLength,
    },
    'Send the new quantity as body.quantity.',
  ),
});

export const DeleteBasketItemSchema = v.object({ itemId: Id });

export const ShippingMethodSchema = v.object({
  shippingMethodId: requiredText('Shipping method is required.'),
  /** The checkout's shipping step is submitted with it (the method is then the bag's and the step done). */
  confirm: v.optional(v.boolean(), false),
});
