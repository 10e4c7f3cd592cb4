import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for the browser tests (Playwright's global setup): the app under test sends
 * every mail to it through nodemailer (`SMTP_URL`, e2e/playwright.config.ts), and it writes each
 * message as it arrived, raw, into `MAIL_DIR` for the tests to read like a mail client would.
 */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
export const MAIL_DIR = path.join(os.tmpdir(), `farmstand-e2e-mail-${E2E_SMTP_PORT}`);

export default async function startMailCatcher(): Promise<() => Promise<void>> {
  rmSync(MAIL_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        writeFileSync(path.join(MAIL_DIR, `${Date.now()}-${++count}.eml`), `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks)}`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(E2E_SMTP_PORT, '127.0.0.1', resolve));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
