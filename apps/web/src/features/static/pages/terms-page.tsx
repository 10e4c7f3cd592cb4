import { MINIMUM_USER_AGE, TERMS_CHANGE_NOTICE_DAYS } from '@farmstand/shared';
import type { SiteInfoResponse } from '@farmstand/shared/schemas/site';
import { Link } from 'react-router';
import { usePublicPageTitle } from '@/lib/document-title';
import { annualSavings, productLimitPhrase } from '@/lib/plan-terms';
import { useSite } from '@/shared/site/api';
import { SupportEmailLink, SupportPhone } from '@/shared/site/support-contact';
import { Bullets, StaticPage, type StaticSection } from '../components/static-page';
import { LEGAL_UPDATED, linkClass } from '../legal-facts';

/** The terms quote the admin's site name, prices, trial and product limit (GET /api/site). */
function termsSections(site: SiteInfoResponse): StaticSection[] {
  const name = site.site_name;
  const savings = annualSavings(site.plans);
  return [
    {
      id: 'agreement',
      title: 'Agreement to these terms',
      body: (
        <p>
          By creating an account or using {name} you agree to these Terms of Service and to our{' '}
          <Link to="/privacy" className={linkClass}>
            Privacy Policy
          </Link>
          . If you do not agree, please do not use the service.
        </p>
      ),
    },
    {
      id: 'eligibility',
      title: `Who can use ${name}`,
      body: (
        <>
          <p>
            You must be at least {MINIMUM_USER_AGE} years old to create an account. If you are under the age of majority where you
            live, a parent or guardian must agree to these terms for you. Producers must be old enough to enter into a binding
            contract and to hold the licences their products require.
          </p>
          <p>
            You are responsible for the accuracy of the information in your account and for keeping your password secret. Tell us
            at once if you think someone else has used your account.
          </p>
        </>
      ),
    },
    {
      id: 'marketplace',
      title: `What ${name} does, and what it does not`,
      body: (
        <>
          <p>
            {name} is a directory and messaging service that connects shoppers with local farms and food makers in Kentucky,
            Indiana, Ohio, Tennessee and West Virginia. Sales are agreed directly between the shopper and the producer: {name} is
            not a party to them, does not handle the food and does not take payment for it.
          </p>
          <p>
            {name} takes no commission on any sale. Producers pay only the subscription described below; shoppers use {name} free
            of charge.
          </p>
        </>
      ),
    },
    {
      id: 'producers',
      title: 'Producer responsibilities',
      body: (
        <>
          <p>If you list products on {name}, you agree that:</p>
          <Bullets
            items={[
              'you hold every licence, permit, registration and inspection your products need, including cottage-food, egg, dairy and meat rules in your state;',
              'your listings are accurate: name, price, unit, ingredients, allergens, availability and pickup or delivery details;',
              'certifications you upload are genuine and current, and you will remove any that lapse;',
              'you will answer shoppers honestly and keep the promises you make to them about quantity, quality and timing;',
              `you keep no more than ${productLimitPhrase(site.limits, 'products')} active at once.`,
            ]}
          />
          <p>
            Our{' '}
            <Link to="/resources" className={linkClass}>
              Resources
            </Link>{' '}
            pages summarise common regulations to help you get started. They are guidance, not legal advice; the rules of your
            state and county always prevail.
          </p>
        </>
      ),
    },
    {
      id: 'subscriptions',
      title: 'Producer subscriptions and billing',
      body: (
        <>
          <Bullets
            items={[
              `New producer accounts start with a ${site.plans.trial_days}-day free trial. No credit card is needed to start it.`,
              `After the trial, listing on ${name} costs $${site.plans.monthly_price} per month or $${site.plans.annual_price} per year${savings > 0 ? ` (you save $${savings} over paying monthly)` : ''}.`,
              'Paid plans are charged to your card by our payment provider at the start of each billing period and renew automatically until you cancel.',
              'You can cancel at any time from the Billing page. When you cancel, you keep full access until the end of the period you have paid for; we do not refund partial periods.',
              'If a payment fails your subscription shows as Payment Due and your listings are hidden until the payment succeeds.',
              `We will give you at least ${TERMS_CHANGE_NOTICE_DAYS} days' notice by e-mail before any price change takes effect.`,
            ]}
          />
        </>
      ),
    },
    {
      id: 'conduct',
      title: 'Acceptable use',
      body: (
        <>
          <p>You agree not to:</p>
          <Bullets
            items={[
              'list anything that is illegal to sell where you sell it, unsafe, or not food or a farm product;',
              'post false, misleading or copied content, or reviews of purchases you did not make;',
              'harass, threaten or spam other users, or use their contact details for anything other than the sale you are discussing;',
              "try to get around security, scrape the site, or interfere with other people's use of it.",
            ]}
          />
          <p>
            Our admins review listings, reviews and certifications. We may remove content or suspend an account that breaks these
            terms; where we can, we tell you why and give you a chance to respond.
          </p>
        </>
      ),
    },
    {
      id: 'content',
      title: 'Your content',
      body: (
        <p>
          You own the photos, descriptions, reviews and messages you post. You give {name} a licence to store, display and resize
          them for the purpose of running the service. The licence ends when you delete the content or your account, except for
          copies kept for the periods stated in our Privacy Policy.
        </p>
      ),
    },
    {
      id: 'liability',
      title: 'Disclaimers and limits of liability',
      body: (
        <>
          <p>
            Producers, not {name}, are responsible for the food they sell. A Verified badge means an admin has reviewed the
            documents a producer uploaded; it is not a guarantee of food safety or quality.
          </p>
          <p>
            {name} is provided "as is". To the extent the law allows, we are not liable for indirect or consequential losses, and
            our total liability to you is limited to the subscription fees you paid us in the twelve months before the claim.
          </p>
        </>
      ),
    },
    {
      id: 'termination',
      title: 'Closing your account',
      body: (
        <p>
          You can stop using {name} and ask us to close your account at any time. A paid subscription stays active until the end
          of its billing period. We keep some records after closure for the periods stated in the Privacy Policy.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to these terms',
      body: (
        <p>
          We will e-mail you and post a notice on the site at least {TERMS_CHANGE_NOTICE_DAYS} days before a material change to
          these terms takes effect. If you keep using {name} after that date, the new terms apply.
        </p>
      ),
    },
    {
      id: 'law',
      title: 'Governing law and contact',
      body: (
        <p>
          These terms are governed by the laws of the Commonwealth of Kentucky. Questions about them? Write to{' '}
          <SupportEmailLink className={linkClass} />
          <SupportPhone className={linkClass} /> or use our{' '}
          <Link to="/contact" className={linkClass}>
            contact page
          </Link>
          .
        </p>
      ),
    },
  ];
}

export default function TermsPage() {
  usePublicPageTitle('/terms');
  const site = useSite();
  return (
    <StaticPage
      title="Terms of Service"
      updated={LEGAL_UPDATED}
      intro={`The rules for using ${site.site_name}, written to be read: what we do, what producers and shoppers agree to, and how subscriptions work.`}
      sections={termsSections(site)}
    />
  );
}
