export * from './certification-documents';
export * from './community';
export * from './ops';
export * from './orders';
export * from './platform';
export * from './producers';
export * from './products';
export * from './users';
