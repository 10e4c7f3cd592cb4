// The geocode module's front door: what other modules, jobs, realtime, the app and the seed use (docs/CONVENTIONS.md).
export { geocode } from './geocode.service';
export { zipPlaceMismatch } from './zip-place';
export { zipcodeTable } from './zipcode-table';
