import { installValidationMessages } from '@farmstand/shared/schemas/validation-messages';
import { z } from 'zod';

// The content security policy forbids eval; without jitless, zod probes for it (new Function) on
// its first parse, which the browser reports as a policy violation (Lighthouse best practices).
z.config({ jitless: true });
// Form errors read like a person wrote them, as the server's do (issue 10 item 19).
installValidationMessages();
