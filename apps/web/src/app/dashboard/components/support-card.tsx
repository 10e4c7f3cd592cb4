import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { SupportEmailLink, SupportPhone } from '@/shared/site/support-contact';

const linkClass = 'font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-green-300';

/** Where a producer gets help: the regulations guide, the contact page and the support inbox. */
export function SupportCard() {
  return (
    <Card className="p-6" aria-labelledby="support-heading">
      <h2 id="support-heading" className="text-lg font-bold">
        Need help?
      </h2>
      <ul className="mt-3 space-y-3 text-stone-700 dark:text-stone-300">
        <li>
          <Link to="/resources" className={linkClass}>
            Resources &amp; regulations
          </Link>
          <span className="block text-sm">Cottage-food rules, permits, egg and dairy sales, farmers markets.</span>
        </li>
        <li>
          <Link to="/contact" className={linkClass}>
            Contact support
          </Link>
          <span className="block text-sm">
            Or e-mail <SupportEmailLink className="underline underline-offset-2" />
            <SupportPhone className="underline underline-offset-2" />.
          </span>
        </li>
      </ul>
    </Card>
  );
}
