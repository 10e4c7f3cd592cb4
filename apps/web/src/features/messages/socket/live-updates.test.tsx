import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const handlers = new Map<string, (payload: never) => void>();
vi.mock('@/shared/realtime/socket-provider', () => ({
  useSocketEvent: (event: string, handler: (payload: never) => void) => handlers.set(event, handler),
}));
vi.mock('@/shared/auth-context', () => ({ useAuth: () => ({ user: { id: 7 } }) }));
const toast = vi.hoisted(() => vi.fn());
vi.mock('react-hot-toast', () => ({ default: toast }));

import { LiveUpdates } from './live-updates';

const emit = (event: string, payload: unknown) => handlers.get(event)?.(payload as never);
const message = (inquiryId: number | null) => ({
  id: 1,
  standing_id: null,
  conversation_id: 3,
  market_order_id: null,
  sender_id: 9,
  content: 'Product inquiry: Eggs',
  created_at: '2030-01-01T00:00:00.000Z',
  read_at: null,
  inquiry_id: inquiryId,
  product: null,
});

describe('live updates for the farmer', () => {
  afterEach(() => {
    cleanup();
    toast.mockClear();
  });

  it('announces one inquiry with one toast, though it arrives as a message too', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <LiveUpdates />
      </QueryClientProvider>,
    );
    emit('new_message', { conversationId: 3, senderId: 9, senderEmail: 'a@b.test', message: message(5) });
    emit('new_inquiry', { customerEmail: 'a@b.test', inquiryId: 5, productId: 2, productName: 'Eggs', conversationId: 3 });
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast.mock.calls[0]?.[0]).toBe('New product inquiry from a@b.test');
  });

  it('still announces a plain message', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <LiveUpdates />
      </QueryClientProvider>,
    );
    emit('new_message', { conversationId: 3, senderId: 9, senderEmail: 'a@b.test', message: message(null) });
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast.mock.calls[0]?.[0]).toBe('New message from a@b.test');
  });
});
