import type Zipcodes from 'zipcodes';
import { lazyModule } from '../../lib/lazy-module';

/** The US ZIP gazetteer of the `zipcodes` package, read on the first lookup (0.3 s at start-up otherwise). */
export const zipcodeTable = lazyModule<typeof Zipcodes>('zipcodes');
