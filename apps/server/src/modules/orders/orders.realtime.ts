import { SERVER_EVENTS } from '@farmstand/shared/realtime/events';
import { onRealtimeStart, userRoom } from '../../realtime/socket-server';

/**
 * Both sides of an order get `order_updated` in every open tab. The side that did not make the
 * move gets `notify` (a toast); the actor's other tabs just refresh their lists.
 */
onRealtimeStart((io, ctx) => {
  ctx.events.on('order.changed', (event) => {
    const base = {
      orderId: event.orderId,
      status: event.status,
      previousStatus: event.previousStatus,
      actorRole: event.actorRole,
    };
    io.to(userRoom(event.customerId)).emit(SERVER_EVENTS.orderUpdated, {
      ...base,
      message: event.shopperMessage,
      notify: event.actorRole !== 'shopper',
    });
    io.to(userRoom(event.producerUserId)).emit(SERVER_EVENTS.orderUpdated, {
      ...base,
      message: event.producerMessage,
      notify: event.actorRole !== 'producer',
    });
  });
});
