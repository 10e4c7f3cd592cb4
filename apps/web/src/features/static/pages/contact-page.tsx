import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { BookIcon, CardIcon, ChatIcon } from '@/components/ui/icons';
import { usePublicPageTitle } from '@/lib/document-title';
import { useSite } from '@/shared/site/api';
import { SupportPhone } from '@/shared/site/support-contact';
import { linkClass } from '../legal-facts';

const TOPICS = [
  {
    icon: <ChatIcon />,
    title: 'Questions about an order',
    text: 'Sales are arranged directly with the producer. Message them from their profile or the product page.',
    link: { to: '/messages', label: 'Open Messages' },
  },
  {
    icon: <BookIcon />,
    title: 'Selling on Farmstand',
    text: 'Licences, cottage-food rules, egg and dairy sales and farmers markets, state by state.',
    link: { to: '/resources', label: 'Read the Resources' },
  },
  {
    icon: <CardIcon />,
    title: 'Plans and billing',
    text: 'Prices, the free trial and what happens when you cancel.',
    link: { to: '/pricing', label: 'See Pricing' },
  },
];

/** How to reach the Farmstand team, and where the answer to common questions already is. */
export default function ContactPage() {
  usePublicPageTitle('/contact');
  const { site_name, contact_email } = useSite();
  const subject = encodeURIComponent(`${site_name} support request`);
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Contact us</h1>
      <p className="mt-4 max-w-3xl text-lg text-stone-700 dark:text-stone-300">
        Something not working, a listing that looks wrong, or a question about your account? Write to us and a person on the{' '}
        {site_name} team will answer.
      </p>
      <Card className="mt-8 flex flex-col gap-4 p-6 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h2 className="text-lg font-bold">E-mail support</h2>
          <p className="mt-1 break-all text-stone-700 dark:text-stone-300">
            {contact_email}
            <SupportPhone className={linkClass} />
          </p>
          <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">
            Include the e-mail address of your account and, for a listing, a link to it.
          </p>
        </div>
        <a
          href={`mailto:${contact_email}?subject=${subject}`}
          className="inline-flex shrink-0 items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Write an e-mail
        </a>
      </Card>
      <h2 className="mt-12 text-xl font-bold">Maybe the answer is already here</h2>
      <ul className="mt-4 grid gap-4 md:grid-cols-3">
        {TOPICS.map((topic) => (
          <li key={topic.title}>
            <Card className="h-full p-5">
              <div className="text-brand-700 dark:text-green-300">{topic.icon}</div>
              <h3 className="mt-2 font-semibold">{topic.title}</h3>
              <p className="mt-1 text-sm text-stone-600 dark:text-stone-300">{topic.text}</p>
              <Link to={topic.link.to} className={`mt-3 inline-block text-sm ${linkClass}`}>
                {topic.link.label}
              </Link>
            </Card>
          </li>
        ))}
      </ul>
      <p className="mt-10 text-sm text-stone-600 dark:text-stone-400">
        Reporting unsafe food? Contact your county health department as well as us; they can act on it directly.
      </p>
    </div>
  );
}
