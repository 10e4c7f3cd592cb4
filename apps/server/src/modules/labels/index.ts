// The labels module's front door: what other modules, jobs, realtime, the app and the seed use (docs/CONVENTIONS.md).
export { standardFontMetrics } from './label-fit';
export { type LabelBlock, layoutLabel, POINTS_PER_INCH } from './label-layout';
export { sheetSlot } from './label-pdf';
export { labelReadiness, toLabelProducer, toLabelProduct } from './label-readiness';
