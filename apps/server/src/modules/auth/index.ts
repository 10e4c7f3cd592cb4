// The auth module's front door: what other modules, jobs, realtime, the app and the seed use (docs/CONVENTIONS.md).
export { findUserByEmail, findUserWithSubscription, insertUser, setPassword, updateUser } from './auth.repository';
export { createAccount, issueSession, passwordMinLength, producerTrial, startProducerAccount } from './auth.service';
export { hashPassword, verifyPassword } from './passwords';
