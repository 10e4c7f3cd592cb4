import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';

export type Mail = { to: string; subject: string; text: string };

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Every mail is kept in the outbox table. With SMTP_URL it also goes out by SMTP; without it the
 * server log shows it in full, so a developer can click the verification link.
 */
export function createMailer(db: Db, log: FastifyBaseLogger, smtpUrl: string | undefined, from: string): Mailer {
  const transport: Transporter | null = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async send(mail) {
      const [row] = await db
        .insert(emailOutbox)
        .values({ toAddress: mail.to, subject: mail.subject, body: mail.text })
        .returning({ id: emailOutbox.id });
      if (!transport) {
        log.info(`E-mail to ${mail.to}: ${mail.subject}\n${mail.text}`);
        return;
      }
      try {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
        await db.update(emailOutbox).set({ sentAt: new Date() }).where(eq(emailOutbox.id, row.id));
      } catch (error) {
        log.error({ err: error }, `could not send e-mail to ${mail.to}; it stays in the outbox`);
      }
    },
  };
}
