/** A shipping address every field rule accepts (src/lib/checkout/address-rules.ts), for checkout tests. */
export const TEST_ADDRESS = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  address1: '12 Main St',
  address2: '',
  company: '',
  city: 'Springfield',
  stateCode: 'IL',
  postalCode: '62701',
  phone: '(217) 555-0134',
  countryCode: 'US',
};
