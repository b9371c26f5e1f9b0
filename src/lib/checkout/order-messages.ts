/** The checkout spec's order placement messages (§4 "Order placement", §8), one constant each. */
export const ORDER_TOTAL_CHANGED = 'Your order total has changed. Please select a payment method to place your order.';
export const ORDER_TECHNICAL_PROBLEM = 'There was a technical problem processing your order, please try again';
