// The products module's front door: what other modules, jobs, realtime, the app and the seed use (docs/CONVENTIONS.md).
export { canViewProduct } from './products.policy';
export { presentProduct } from './products.presenter';
export { findProductWithProducer, lockProduct, productIsPublic, productPageReader, updateProduct } from './products.repository';
export { getProduct, listPublicProducts, loadManageableProduct } from './products.service';
export { sharesTaken } from './share-terms';
export { recordSale, returnStock, type SaleStock, takeStock } from './stock';
export { replaceVariants, summarizeVariants } from './variants';
