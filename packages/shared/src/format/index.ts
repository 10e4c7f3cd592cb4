export * from './card-expiry';
export * from './date-only';
export * from './distance';
export * from './money';
export * from './time';
