import { ChatIcon, MapIcon, StoreIcon } from '@/components/ui/icons';
import { BreadArt, EggsArt, HoneyArt, VegBoxArt } from './food-art';

const STEPS = [
  {
    icon: <MapIcon className="h-6 w-6" />,
    title: 'Find farms near you',
    text: 'Search by town or ZIP code, or look at the map.',
  },
  {
    icon: <ChatIcon className="h-6 w-6" />,
    title: 'Ask the farmer',
    text: 'Message the producer about stock, pickup or delivery.',
  },
  {
    icon: <StoreIcon className="h-6 w-6" />,
    title: 'Pick up at the farm',
    text: 'Pay the producer directly. No middleman, no markup.',
  },
];

/**
 * The right half of the home hero at desktop width, so it is never empty: what the
 * product does in three steps, with the same drawn food as the cards below. Hidden on phones,
 * where the text and buttons fill the screen on their own.
 */
export function HeroPanel() {
  return (
    <section
      aria-labelledby="how-it-works-heading"
      className="hidden rounded-2xl border border-stone-200 bg-white/80 p-6 shadow-sm lg:block dark:border-stone-800 dark:bg-stone-900/80"
    >
      <div className="grid grid-cols-4 gap-2" aria-hidden="true">
        {[<EggsArt key="eggs" />, <BreadArt key="bread" />, <HoneyArt key="honey" />, <VegBoxArt key="veg" />].map((art) => (
          <div
            key={art.key}
            className="flex aspect-square items-center justify-center rounded-xl bg-stone-100 [&>svg]:h-16 [&>svg]:w-16 dark:bg-stone-800"
          >
            {art}
          </div>
        ))}
      </div>
      <h2 id="how-it-works-heading" className="mt-6 text-lg font-bold">
        How Farmstand works
      </h2>
      <ol className="mt-3 space-y-4">
        {STEPS.map((step, index) => (
          <li key={step.title} className="flex gap-3">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-green-950 dark:text-green-300">
              {step.icon}
            </span>
            <span>
              <span className="block font-semibold">
                {index + 1}. {step.title}
              </span>
              <span className="block text-sm text-stone-600 dark:text-stone-300">{step.text}</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
