// The web build resolves `zod` here (vite.config.ts alias), so this runs before any schema is
// defined: zod's JIT probes for eval (`new Function`), which the content security policy forbids
// and the browser reports as a violation (Lighthouse best practices). jitless skips the probe.
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
