/** Where the embedded OpenID provider is served on the store's origin, and the one client it knows: the store. */
export const LOCAL_PROVIDER_PATH = '/oidc';
export const LOCAL_CLIENT_ID = 'storefront';
