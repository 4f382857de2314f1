/**
 * E-mail over SMTP through nodemailer (Node only: the Worker's entry never imports this file, so
 * nodemailer stays out of its bundle). `SMTP_URL` is nodemailer's connection URL, e.g.
 * `smtps://user:password@smtp.example.com:465` or `smtp://smtp.example.com:587`.
 */
import { createTransport } from 'nodemailer';
import { type Channels, type Mailer, ProviderError } from './channels';

/**
 * nodemailer's own limits are 2 minutes to connect, 30 s for the greeting and 10 minutes of a silent
 * socket: a server that accepts and never answers held a round for minutes. A few seconds each: a
 * send that takes longer fails and is retried with its back-off, and e-mail's lane moves on.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000, dnsTimeout: 5_000 };

function smtpMailer(url: string): Mailer & { close(): void } {
  // The URL's own settings (e.g. `?socketTimeout=`) win over these.
  const transport = createTransport({ ...SMTP_TIMEOUTS, url });
  return {
    async send(mail) {
      let info: { messageId?: string };
      try {
        info = await transport.sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: mail.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
        });
      } catch (error) {
        // A 5xx reply (a refused recipient, say) will be refused again; anything else may pass later.
        const code = Number((error as { responseCode?: unknown }).responseCode);
        const kind = code ? `SMTP ${code}` : String((error as { code?: unknown }).code ?? 'SMTP');
        throw new ProviderError(`SMTP: ${error instanceof Error ? error.message : String(error)}`, code >= 500, kind);
      }
      return String(info.messageId ?? '');
    },
    close: () => transport.close(),
  };
}

export function smtpChannel(env: { SMTP_URL?: string; MAIL_FROM?: string }): Channels['email'] {
  const url = env.SMTP_URL?.trim();
  const from = env.MAIL_FROM?.trim();
  if (!url || !from) return undefined;
  return { from, mailer: smtpMailer(url) };
}
