import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import { redactedLinksOf } from '../../lib/log-redaction.js';

export interface TMail {
  tenantId: number | null;
  to: string;
  subject: string;
  body: string;
}

/**
 * No SMTP is configured in this product yet: every mail lands in the mail_outbox table, where a
 * developer or operator can read it (docs/decisions/0005-mail-outbox.md). The log says who it went
 * to, its subject and its links without their secrets: a set-password link in a log line would
 * let anyone who reads the logs take the account (docs/decisions/0142).
 */
export async function sendMail(db: Db, log: FastifyBaseLogger, mail: TMail): Promise<void> {
  await db.insert(mailOutbox).values({
    tenantId: mail.tenantId,
    toEmail: mail.to,
    subject: mail.subject,
    body: mail.body,
  });
  log.info({ to: mail.to, subject: mail.subject, links: redactedLinksOf(mail.body) }, `mail (outbox): ${mail.subject}`);
}
