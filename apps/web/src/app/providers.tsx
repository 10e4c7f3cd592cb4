import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { LiveUpdates } from '@/features/messages/socket/live-updates';
import { ProductLiveUpdates } from '@/features/my-products/components/product-live-updates';
import { OrderLiveUpdates } from '@/features/orders/components/order-live-updates';
import { ApiError } from '@/lib/api';
import { AuthProvider } from '@/shared/auth-context';
import { SocketProvider } from '@/shared/realtime/socket-provider';
import { ThemeProvider } from '@/shared/theme-context';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            staleTime: 30_000,
            // An answer that came inside the page's HTML paints the first pass, then
            // is checked once against the API: a failing API shows the screen's own error text,
            // as it would without the embedded answer (decision 232).
            initialDataUpdatedAt: 0,
            refetchOnWindowFocus: false,
            // A 4xx will not fix itself; only retry network and server errors, once.
            retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
          },
        },
      }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <AuthProvider>
          <SocketProvider>
            {children}
            <LiveUpdates />
            <OrderLiveUpdates />
            <ProductLiveUpdates />
          </SocketProvider>
        </AuthProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
