import type { EntityManager } from "@mikro-orm/postgresql";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "~/infra/env.server";
import type { EmailAttachment } from "./notification.entity";

let transport: { url: string; transporter: Transporter } | undefined;

/** The SMTP connection of SMTP_URL, or none: then e-mails stay in the outbox. */
function mailer(): Transporter | null {
  const url = env().SMTP_URL;
  if (!url) return null;
  if (transport?.url !== url) transport = { url, transporter: nodemailer.createTransport(url) };
  return transport.transporter;
}

/** A message that failed this many times is given up (status failed, its error kept). */
const MAX_ATTEMPTS = 5;

/**
 * Sends the outbox's pending e-mails through SMTP_URL, a batch at a time. Each batch is claimed
 * with SKIP LOCKED, so several server processes never send one message twice. Returns how many
 * were sent; without SMTP_URL, none.
 */
export async function deliverPendingEmail(db: EntityManager, batch = 20): Promise<number> {
  const transporter = mailer();
  if (!transporter) return 0;
  let sent = 0;
  // Each message is tried once per run: a failure waits for the next run.
  let after = 0;
  for (;;) {
    const delivered = await db.transactional(async (tx) => {
      const messages = await tx.execute<
        {
          id: number;
          to_address: string;
          subject: string;
          body: string;
          attempts: number;
          has_attachments: boolean;
        }[]
      >(
        `select id, to_address, subject, body, attempts, attachments is not null as has_attachments
         from email_outbox
         where status = 'pending' and id > ? order by id limit ? for update skip locked`,
        [after, batch],
      );
      for (const message of messages) {
        after = message.id;
        try {
          // A message's files (up to a few MB each) are read when it is sent, not for the batch.
          const attachments = message.has_attachments ? await attachmentsOf(tx, message.id) : [];
          await transporter.sendMail({
            from: env().MAIL_FROM,
            to: message.to_address,
            subject: message.subject,
            text: message.body,
            attachments: attachments.map((file) => ({
              filename: file.filename,
              contentType: file.contentType,
              content: file.content,
            })),
          });
          await tx.execute(
            `update email_outbox set status = 'sent', sent_at = now(), attempts = attempts + 1 where id = ?`,
            [message.id],
          );
          sent += 1;
        } catch (error) {
          const failed = message.attempts + 1 >= MAX_ATTEMPTS;
          await tx.execute(
            `update email_outbox set status = ?, attempts = attempts + 1, last_error = ? where id = ?`,
            [
              failed ? "failed" : "pending",
              String((error as Error).message ?? error).slice(0, 1000),
              message.id,
            ],
          );
        }
      }
      return messages.length;
    });
    if (delivered < batch) return sent;
  }
}

async function attachmentsOf(tx: EntityManager, id: number): Promise<EmailAttachment[]> {
  const [row] = await tx.execute<{ attachments: EmailAttachment[] | null }[]>(
    "select attachments from email_outbox where id = ?",
    [id],
  );
  return row?.attachments ?? [];
}
