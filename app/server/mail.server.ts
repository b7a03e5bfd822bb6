import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { dataDir, env } from "./env.server";
import { logger } from "./logger.server";

export interface OutgoingMail {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Extra headers (a marketing mail's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

/** Where mail goes when no SMTP server is configured: one .eml file per message. */
export function outboxDirectory(): string {
  return path.join(dataDir(), "outbox");
}

let smtpTransport: Transporter | undefined;

/** Whether mail really leaves (SMTP_URL is set), rather than landing in the outbox directory. */
export function isMailConfigured(): boolean {
  return Boolean(env().SMTP_URL);
}

/**
 * Sends through SMTP_URL when set; otherwise writes the message to DATA_DIR/outbox/*.eml and logs the
 * file's path, so a newcomer can open a password-reset link without a mail server.
 */
export async function sendMail(mail: OutgoingMail): Promise<void> {
  const config = env();
  const message = { from: config.MAIL_FROM, ...mail };
  if (config.SMTP_URL) {
    smtpTransport ??= nodemailer.createTransport(config.SMTP_URL);
    await smtpTransport.sendMail(message);
    return;
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = await transport.sendMail(message);
  const directory = outboxDirectory();
  await fs.mkdir(directory, { recursive: true });
  const file = path.join(directory, `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomUUID()}.eml`);
  await fs.writeFile(file, info.message as Buffer);
  // Neither the recipient nor the links: a reset or invitation link is a key to an account. Open the file.
  logger.info({ file }, "Mail written to the outbox (no SMTP_URL)");
}

/**
 * Runs `work` with a sender for many mails in a row (a campaign's round): over SMTP one connection is kept
 * open for the whole round and closed after it. A connection a mail (what sendMail does, fine for the odd
 * notification) held a campaign to about 9 mails a second against a local server, far below the rate
 * Settings → Campaigns allows; a real server's TLS handshake and greeting make it slower still.
 */
export async function withBulkMailSender<T>(work: (send: (mail: OutgoingMail) => Promise<void>) => Promise<T>) {
  const config = env();
  if (!config.SMTP_URL) return work(sendMail);
  const url = new URL(config.SMTP_URL);
  if (!url.searchParams.has("pool")) url.searchParams.set("pool", "true");
  url.searchParams.set("maxConnections", "1");
  const transport = nodemailer.createTransport(url.toString());
  try {
    return await work(async (mail) => {
      await transport.sendMail({ from: config.MAIL_FROM, ...mail });
    });
  } finally {
    transport.close();
  }
}

/** Tests: forget the cached SMTP transport after SMTP_URL changes. */
export function resetMailTransport(): void {
  smtpTransport = undefined;
}
