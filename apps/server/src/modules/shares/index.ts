// The shares module's front door: what other modules, jobs, realtime, the app and the seed use (docs/CONVENTIONS.md).
export { farmsWithPendingShareMail, takePendingShareMail } from './share-mail';
