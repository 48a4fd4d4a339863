import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';

export interface TMail {
  tenantId: number | null;
  to: string;
  subject: string;
  body: string;
}

/**
 * No SMTP is configured in this product yet: every mail lands in the mail_outbox table and the
 * server log, where a developer or operator can read it (docs/decisions/0005-mail-outbox.md).
 */
export async function sendMail(db: Db, log: FastifyBaseLogger, mail: TMail): Promise<void> {
  await db.insert(mailOutbox).values({
    tenantId: mail.tenantId,
    toEmail: mail.to,
    subject: mail.subject,
    body: mail.body,
  });
  log.info({ to: mail.to, subject: mail.subject }, `mail (outbox): ${mail.subject}\n${mail.body}`);
}
