// The web build resolves every `zod` import here (vite.config.ts, zodSetup), so this runs before
// any schema is defined or parsed, in whichever chunk first needs zod:
// - zod's JIT probes for eval (`new Function`), which the content security policy forbids and the
//   browser reports as a violation (Lighthouse best practices); jitless skips the probe;
// - form errors read like a person wrote them, as the server's do.
// Pages that never use zod never load it.
import { installValidationMessages } from '@farmstand/shared/schemas/validation-messages';
import { config } from 'zod/v4';

config({ jitless: true });
installValidationMessages();

export * from 'zod/v4';
export { default } from 'zod/v4';
