import { createRequire } from 'node:module';

// A local name, not `require`, so esbuild leaves these calls alone in the ESM bundle.
const loadPackage = createRequire(import.meta.url);

/**
 * A CommonJS package loaded on first use instead of at start-up. pdf-lib, sharp, stripe, zipcodes,
 * pg-boss and nodemailer each cost 0.1–0.8 s to import, and a restart must answer `/api/health`
 * within 3 s; most requests never need them.
 */
export function lazyModule<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= loadPackage(name) as T;
    return loaded;
  };
}
