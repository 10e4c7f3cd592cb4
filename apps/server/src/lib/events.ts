import { EventEmitter } from 'node:events';

/**
 * Domain events: a service writes, commits, then emits; realtime, analytics and mail subscribe.
 * Payloads carry ids and the few fields listeners need, never database rows.
 */
export type DomainEventMap = {
  'user.registered': { userId: number; email: string; userType: string };
  /** Every session of the user ended (their tokens no longer work): open sockets are closed on every instance. */
  'user.sessions_ended': { userId: number; reason: 'suspended' | 'deleted' | 'password_changed' | 'password_reset' };
  'message.created': {
    conversationId: number;
    messageId: number;
    senderId: number;
    senderEmail: string;
    /** The sender's account type, so listeners that only care about producers skip the rest without a query. */
    senderType?: string;
    recipientId: number;
    content: string;
    createdAt: string;
    /** The product the message is about (inquiries), shown with it. */
    product?: { id: number; name: string; primary_image_url: string | null } | null;
    inquiryId?: number | null;
    /** The opening message of a placed order, written by the system for the shopper: it answers nothing. */
    opensOrder?: boolean;
  };
  'conversation.read': { conversationId: number; readerId: number; otherUserId: number; readAt?: string };
  'inquiry.created': {
    inquiryId: number;
    producerUserId: number;
    customerEmail: string;
    productName: string;
    productId?: number;
    conversationId?: number;
  };
  /** An order was placed or moved (orders module): both sides are told, the actor's side too (other tabs). */
  'order.changed': {
    orderId: number;
    status: string;
    previousStatus: string | null;
    actorRole: 'shopper' | 'producer' | 'system';
    customerId: number;
    producerUserId: number;
    /** What each side reads (in a toast when the other side or the system made the move). */
    shopperMessage: string;
    producerMessage: string;
  };
  'unread.changed': { userId: number };
  notification: { userId: number; message: string; icon?: string; productId?: number };
  announcement: { message: string };
};

export class DomainEvents {
  private emitter = new EventEmitter();
  /** Listener runs not yet finished, so a test can wait for what an event set off (`settled`). */
  private running = new Set<Promise<void>>();

  constructor() {
    this.emitter.setMaxListeners(50);
  }

  emit<K extends keyof DomainEventMap>(name: K, payload: DomainEventMap[K]): void {
    this.emitter.emit(name, payload);
  }

  on<K extends keyof DomainEventMap>(name: K, listener: (payload: DomainEventMap[K]) => void | Promise<void>): void {
    this.emitter.on(name, (payload) => {
      // A failing listener must not break the request that emitted the event.
      const run: Promise<void> = Promise.resolve(listener(payload))
        .catch((error) => console.error(`listener for ${name} failed`, error))
        .finally(() => this.running.delete(run));
      this.running.add(run);
    });
  }

  /** Resolves once the listeners of every event emitted so far have finished. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }
}
