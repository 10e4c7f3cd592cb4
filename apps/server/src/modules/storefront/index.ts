// The storefront module's front door: what other modules, jobs, realtime, the app and the seed use (docs/CONVENTIONS.md).
export { storefrontPagesPlugin } from './storefront-pages';
