import { useReceivedStanding } from '../api';
import { FarmStanding } from './farm-standing';
import { StandingDemand } from './standing-demand';

/**
 * Standing reservations (decision 514): what shoppers' repeating reservations will order over the
 * next weeks, then each of them with its next pickups and the farm's "End". One line when the farm
 * has none yet.
 */
export function StandingSection() {
  const received = useReceivedStanding();
  const none = received.isSuccess && received.data.standing.length === 0;
  return (
    <section aria-labelledby="standing-heading" className="space-y-4">
      <h2 id="standing-heading" className="text-lg font-semibold">
        Standing reservations
      </h2>
      {none ? (
        <p className="text-stone-700 dark:text-stone-300">
          No standing reservations yet. When a shopper makes a reservation repeat every 1, 2 or 4 weeks, its orders are placed
          before each cut-off, and what they will order shows here week by week.
        </p>
      ) : (
        <>
          <StandingDemand />
          <FarmStanding />
        </>
      )}
    </section>
  );
}
