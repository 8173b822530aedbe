/** Digital check-in: the provider's settings, the rules both sides apply, requests and views. */
export * from './settings';
export * from './rules';
export * from './requests';
export * from './views';
