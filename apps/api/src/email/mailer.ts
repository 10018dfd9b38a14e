import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingEmail {
  id: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers (a newsletter email's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string> | undefined;
}

/** Sends email over SMTP (SMTP_URL), or, when there is none, writes each message as an .eml file to an outbox folder. */
export interface Mailer {
  kind: 'smtp' | 'files';
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

export function createMailer(options: { smtpUrl?: string | undefined; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send({ id, ...email }) {
        await transport.sendMail({ ...email, messageId: `<${id}@charms.local>` });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'files',
    async send({ id, ...email }) {
      const info = await transport.sendMail({ ...email, messageId: `<${id}@charms.local>` });
      await mkdir(options.outboxDir, { recursive: true });
      await writeFile(join(options.outboxDir, `${id}.eml`), info.message as Buffer);
    },
    close: () => {},
  };
}
