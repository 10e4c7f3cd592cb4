export * from './catalog';
export * from './limits';
export * from './texts';
