import { SERVER_EVENTS } from '@farmstand/shared/realtime/events';
import { onRealtimeStart, userRoom } from '../../realtime/socket-server';

/** The producer's open tabs get `new_inquiry` (a toast 'New product inquiry from {email}'). */
onRealtimeStart((io, ctx) => {
  ctx.events.on('inquiry.created', (event) => {
    io.to(userRoom(event.producerUserId)).emit(SERVER_EVENTS.newInquiry, {
      customerEmail: event.customerEmail,
      inquiryId: event.inquiryId,
      productId: event.productId ?? 0,
      productName: event.productName,
      conversationId: event.conversationId ?? 0,
    });
  });
});
