export * from './catalog';
// The defaults live in a zod-free module so screens can show them without loading zod.
export * from './default-settings';
export * from './images';
export * from './limits';
export * from './texts';
