import { DATA_RETENTION_YEARS, MINIMUM_USER_AGE, TERMS_CHANGE_NOTICE_DAYS } from '@farmstand/shared';
import { Link } from 'react-router';
import { DataTable } from '@/components/ui/data-table';
import { usePublicPageTitle } from '@/lib/document-title';
import { useSite } from '@/shared/site/api';
import { SupportEmailLink, SupportPhone } from '@/shared/site/support-contact';
import { Bullets, StaticPage, type StaticSection } from '../components/static-page';
import { LEGAL_UPDATED, linkClass } from '../legal-facts';

const RETENTION = [
  { what: 'Account information', years: DATA_RETENTION_YEARS.accounts, note: 'after the account is closed' },
  { what: 'Subscription and payment records', years: DATA_RETENTION_YEARS.transactions, note: 'to meet tax and accounting law' },
  { what: 'Support conversations', years: DATA_RETENTION_YEARS.support, note: 'after the last message' },
  { what: 'Usage analytics', years: DATA_RETENTION_YEARS.analytics, note: 'after the event was recorded' },
];

function RetentionTable() {
  return (
    <DataTable
      caption="How long we keep each kind of data"
      className="rounded-lg border border-stone-200 dark:border-stone-700"
      rows={RETENTION}
      rowKey={(row) => row.what}
      columns={[
        { header: 'Data', rowHeader: true, className: 'font-medium', cell: (row) => row.what },
        { header: 'Kept for', cell: (row) => `${row.years} years ${row.note}` },
      ]}
    />
  );
}

/** The policy names the site as the admin calls it (GET /api/site). */
function privacySections(name: string): StaticSection[] {
  return [
    {
      id: 'collect',
      title: 'What we collect',
      body: (
        <Bullets
          items={[
            <>
              <strong>Account details:</strong> your e-mail address, password (stored only as a one-way hash), account type and,
              if you give it, your phone number.
            </>,
            <>
              <strong>Producer profiles:</strong> farm name, description, address and map position, photos, products, delivery and
              pickup details, and the certification documents you upload.
            </>,
            <>
              <strong>What you post:</strong> messages, product inquiries, reviews and favourites.
            </>,
            <>
              <strong>Location:</strong> when you search near you, your browser shares your position with the page only if you
              allow it. We use it to sort results by distance and keep it on your device, not on our servers.
            </>,
            <>
              <strong>Usage:</strong> pages viewed, searches and similar events, tied to a random per-visit session id, so we can
              see what works and tell producers how often their listings are seen.
            </>,
            <>
              <strong>Payments:</strong> card details go straight to our payment provider. We receive only the plan, the status
              and the last four digits, never your full card number.
            </>,
          ]}
        />
      ),
    },
    {
      id: 'use',
      title: 'How we use it',
      body: (
        <Bullets
          items={[
            'to run your account, show listings and deliver messages;',
            'to send the e-mails the service needs: address verification, password resets, messages and billing notices;',
            `to keep ${name} safe: reviewing listings and certifications, and stopping spam and abuse;`,
            'to improve the site and to give producers counts of views and inquiries.',
          ]}
        />
      ),
    },
    {
      id: 'share',
      title: 'Who can see it',
      body: (
        <>
          <p>
            A producer's public profile, products and reviews are visible to everyone. When you message or send an inquiry to a
            producer, they see your e-mail address (and your phone number if you choose phone contact) so they can reply.
          </p>
          <p>
            We share data only with the companies that help us run the service (hosting, e-mail delivery and card payments), under
            contracts that forbid them to use it for anything else, and when the law requires it. We never sell your data and we
            show no third-party advertising.
          </p>
        </>
      ),
    },
    {
      id: 'storage',
      title: 'Cookies and local storage',
      body: (
        <p>
          {name} uses no advertising or tracking cookies. Your browser's local storage keeps your sign-in token, your dark-mode
          choice, your last search location and whether you have seen the install prompt; session storage keeps the random
          analytics session id, which is deleted when you close the tab.
        </p>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      body: (
        <>
          <p>We keep data only as long as we need it:</p>
          <RetentionTable />
        </>
      ),
    },
    {
      id: 'security',
      title: 'Security',
      body: (
        <p>
          Passwords are hashed with Argon2id, connections are encrypted, and photos are re-encoded with their location metadata
          removed before anyone else can see them. No system is perfect; if we learn of a breach that affects you, we will tell
          you promptly.
        </p>
      ),
    },
    {
      id: 'rights',
      title: 'Your choices and rights',
      body: (
        <p>
          You can see and correct most of your data in your account. You can ask us for a copy of your data or to delete your
          account by writing to <SupportEmailLink className={linkClass} />
          <SupportPhone className={linkClass} />; we answer within 30 days. Deleted accounts disappear from the site at once; the
          records listed above are kept only for the periods shown.
        </p>
      ),
    },
    {
      id: 'children',
      title: 'Children',
      body: (
        <p>
          {name} is not meant for children under {MINIMUM_USER_AGE}, and we do not knowingly collect their data. If you believe a
          child under {MINIMUM_USER_AGE} has created an account, tell us and we will delete it.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      body: (
        <p>
          We will e-mail you at least {TERMS_CHANGE_NOTICE_DAYS} days before a material change to this policy takes effect. The
          date at the top shows the latest version. See also our{' '}
          <Link to="/terms" className={linkClass}>
            Terms of Service
          </Link>
          .
        </p>
      ),
    },
  ];
}

export default function PrivacyPage() {
  usePublicPageTitle('/privacy');
  const { site_name: name } = useSite();
  return (
    <StaticPage
      title="Privacy Policy"
      updated={LEGAL_UPDATED}
      intro={`What ${name} knows about you, why, who can see it and how long we keep it. In short: only what the marketplace needs, never sold.`}
      sections={privacySections(name)}
    />
  );
}
