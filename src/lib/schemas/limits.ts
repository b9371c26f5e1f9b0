/** Field length limits of the spec (gift card fields). Imported by schemas and islands alike. */
export const GIFT_MESSAGE_MAX = 330;
export const NAME_FIELD_MAX = 50;
