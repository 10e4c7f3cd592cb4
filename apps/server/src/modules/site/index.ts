// The site module's front door: what other modules, jobs, realtime, the app and the seed use (docs/CONVENTIONS.md).
export { readSiteInfo } from './site.service';
