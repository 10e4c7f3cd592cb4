// The messages module's front door: what other modules, jobs, realtime, the app and the seed use (docs/CONVENTIONS.md).
export { isParticipant, otherParticipant } from './messages.policy';
export { presentMessage } from './messages.presenter';
export { countUnreadFor, findConversation, findUserBrief, type MessageWithProduct } from './messages.repository';
export { announceMessage, assertMessagingEnabled, messageSendsOn, type PostedMessage, postMessage } from './messages.service';
