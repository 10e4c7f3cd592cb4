/**
 * An en-US date/time formatter per time zone and style, made once and kept: building an Intl
 * formatter costs far more than using one, and order mails, messages and pickup windows format
 * dates on every request.
 */
export function zonedFormatter(options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>): (timeZone: string) => Intl.DateTimeFormat {
  const byZone = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let format = byZone.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
      byZone.set(timeZone, format);
    }
    return format;
  };
}
