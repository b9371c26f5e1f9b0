/**
 * The Apple Pay sheet's shipping contact the wallet tests pay with (Apple Pay JS `ApplePayPaymentContact`): an
 * Illinois address the store serves, with the e-mail the order should take.
 */
export const walletContact = (emailAddress: string) => ({
  givenName: 'Ada',
  familyName: 'Lovelace',
  addressLines: ['12 Main St'],
  locality: 'Springfield',
  administrativeArea: 'IL',
  postalCode: '62701',
  countryCode: 'US',
  emailAddress,
  phoneNumber: '217 555 0134',
});
