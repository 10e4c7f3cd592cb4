export * from './constants';
export * from './format';
export * from './schemas';
