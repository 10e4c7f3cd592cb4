export * from './distance';
export * from './money';
export * from './time';
