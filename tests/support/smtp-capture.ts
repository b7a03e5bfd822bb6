// A local SMTP server that stands in for the store's mail server in end-to-end tests: it keeps every message
// it accepts (envelope recipients and raw source) and, while `refusing` is set, answers each recipient with a
// temporary failure (451), as a busy server does. Loopback only; no mail leaves the machine.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface CapturedMail {
  to: string[];
  raw: string;
}

export interface SmtpCapture {
  /** smtp://127.0.0.1:port, for the app's SMTP_URL. */
  url: string;
  received: CapturedMail[];
  refusing: boolean;
  /** The mails to `address` whose raw source contains `text`, once at least `count` have arrived (≤ timeout). */
  waitFor(address: string, text: string, options?: { count?: number; timeoutMs?: number }): Promise<CapturedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const capture = { received: [] as CapturedMail[], refusing: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!capture.refusing) return callback();
      callback(Object.assign(new Error("4.3.2 Service busy, please try again later"), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        capture.received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  const matching = (address: string, text: string) =>
    capture.received.filter((mail) => mail.to.includes(address) && mail.raw.includes(text));
  return Object.assign(capture, {
    url: `smtp://127.0.0.1:${port}`,
    async waitFor(address: string, text: string, { count = 1, timeoutMs = 15_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      while (matching(address, text).length < count) {
        if (Date.now() > deadline) {
          const seen = capture.received.map((mail) => `${mail.to.join(", ")}: ${/^Subject: .*$/m.exec(mail.raw)?.[0]}`);
          throw new Error(`No mail to ${address} containing ${JSON.stringify(text)}; received:\n${seen.join("\n")}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return matching(address, text);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
