import { Baskets } from '@/features/checkout/components/baskets';
import { OrderAgainButton } from '@/features/checkout/components/order-again-button';
import { CsaWeekBox } from '@/features/csa/components/csa-week-box';
import { MarketOrderAgainButton } from '@/features/market-basket/components/market-order-again-button';
import { MyShares } from '@/features/meat-shares/components/my-shares';
import OrdersPage from '@/features/orders/pages/orders-page';
import { RepeatOrderButton } from '@/features/standing/components/make-standing-dialog';
import { MyStanding } from '@/features/standing/components/my-standing';

/** The Standing tab: a CSA membership shows the coming week's box in the member's size. */
export const MyStandingWithBoxes = () => (
  <MyStanding weekBox={(plan, upcoming) => <CsaWeekBox planId={plan.id} sizeIndex={plan.size_index} upcoming={upcoming} />} />
);

/**
 * /orders: the shopper's orders with the baskets not yet sent (checkout), their meat shares, their
 * standing reservations (with a CSA member's box), and on each order "Order again" (a market
 * order's part: into the market's basket) and "Repeat this order".
 */
export default function ComposedOrdersPage() {
  return (
    <OrdersPage
      baskets={<Baskets />}
      shares={<MyShares />}
      standing={<MyStandingWithBoxes />}
      orderActions={(order) => (
        <>
          {order.market_order_id === null ? (
            <OrderAgainButton order={order} />
          ) : (
            <MarketOrderAgainButton marketOrderId={order.market_order_id} partId={order.id} />
          )}
          <RepeatOrderButton order={order} />
        </>
      )}
    />
  );
}
