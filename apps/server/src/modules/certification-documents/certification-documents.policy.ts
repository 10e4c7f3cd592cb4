import type { AuthUser } from '../../plugins/auth';

/** Only the certification's producer and admins may see its document (Terms and Privacy say so). */
export const canViewDocument = (user: AuthUser, ownerUserId: number) => user.userType === 'admin' || user.id === ownerUserId;

/** Only the producer who owns the certification attaches, replaces or removes its document. */
export const canChangeDocument = (user: AuthUser, ownerUserId: number) => user.userType === 'producer' && user.id === ownerUserId;
