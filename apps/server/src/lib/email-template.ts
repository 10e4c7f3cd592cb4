/** A mail as the product writes it: what happened, what to do, and why this person got it. */
export type EmailContent = {
  heading: string;
  /** Plain sentences; a line of its own in the text part, a <p> in the HTML part. */
  paragraphs: string[];
  /** The one thing to do, shown as a button (and as a bare link in the text part). */
  action?: { label: string; url: string };
  /** Why this mail was sent, e.g. "You are getting this because someone asked to reset…". */
  reason: string;
};

export type Site = { name: string; url: string };

export type RenderedEmail = { text: string; html: string };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** Bare http(s) links in a paragraph become anchors; everything else is escaped. */
const linkify = (value: string) =>
  escapeHtml(value).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}" style="color:#15803d">${url}</a>`);

/**
 * One layout for every mail: an HTML body that reads well in mail clients (inline styles, one
 * column, a real button) and the same words as plain text, both carrying the site's name, its
 * address and the reason the mail was sent.
 */
export function renderEmail(content: EmailContent, site: Site): RenderedEmail {
  const textParts = [content.heading, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  if (content.action) textParts.push(`${content.action.label}: ${content.action.url}`, '');
  textParts.push('--', `${site.name} · ${site.url}`, content.reason);
  const text = textParts.join('\n');

  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#15803d;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#57534e">If the button does not work, open this link: <a href="${escapeHtml(content.action.url)}" style="color:#15803d">${escapeHtml(content.action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.heading)}</title></head>
<body style="margin:0;padding:0;background:#f5f5f4;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1c1917">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f5f4"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e7e5e4;font-size:18px;font-weight:700;color:#15803d"><a href="${escapeHtml(site.url)}" style="color:#15803d;text-decoration:none">${escapeHtml(site.name)}</a></td></tr>
<tr><td style="padding:24px 28px;font-size:16px;line-height:1.5">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((p) => `<p style="margin:0 0 16px">${linkify(p)}</p>`).join('\n')}
${button}
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #e7e5e4;font-size:13px;line-height:1.5;color:#57534e">${escapeHtml(content.reason)}<br><a href="${escapeHtml(site.url)}" style="color:#57534e">${escapeHtml(site.name)}</a></td></tr>
</table></td></tr></table>
</body></html>`;
  return { text, html };
}

/**
 * A mail written before the template existed (subject and plain text only) still gets an HTML part:
 * its text as paragraphs, under the site's name, with a general reason.
 */
export function wrapPlainText(subject: string, text: string, site: Site): RenderedEmail {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  return renderEmail(
    { heading: subject, paragraphs, reason: `You are getting this e-mail because of your account on ${site.name}.` },
    site,
  );
}
