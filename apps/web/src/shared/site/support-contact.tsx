import { useSite } from './api';

/**
 * The support address and phone the admin set under General. Components, so
 * static page texts written as module-level JSX still show the current values.
 */
export function SupportEmailLink({ className, subject }: { className?: string; subject?: string }) {
  const { contact_email } = useSite();
  const query = subject ? `?subject=${encodeURIComponent(subject)}` : '';
  return (
    <a href={`mailto:${contact_email}${query}`} className={className}>
      {contact_email}
    </a>
  );
}

/** ' or call (859) 555-0100' when a phone is set; nothing otherwise. */
export function SupportPhone({ prefix = ' or call ', className }: { prefix?: string; className?: string }) {
  const { support_phone } = useSite();
  if (!support_phone.trim()) return null;
  return (
    <>
      {prefix}
      <a href={`tel:${support_phone.replace(/[^\d+]/g, '')}`} className={`whitespace-nowrap ${className ?? ''}`}>
        {support_phone}
      </a>
    </>
  );
}

export function SiteName() {
  return <>{useSite().site_name}</>;
}

/** The admin's site description (General), the footer's tagline. */
export function SiteDescription() {
  return <>{useSite().site_description}</>;
}
