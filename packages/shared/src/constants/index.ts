export * from './catalog';
export * from './images';
export * from './limits';
export * from './texts';
