// What the dashboard's notification mail card and its action share (the server side is
// app/routes/admin/dashboard.server.ts and app/models/notification-mail.server.ts).

/** Pending mail that has waited longer than this since it joined the queue shows on the dashboard. */
export const MAIL_WAITING_MINUTES = 15;

/** The card's id: "Needs attention" links to it. */
export const MAIL_SECTION_ID = "notification-mail";

/** The "Send again" forms: one failed mail (with its id), or all of them. */
export const MAIL_INTENTS = { one: "resend-mail", all: "resend-all-mail" } as const;

export const MAIL_MESSAGES = {
  resent: "Mail queued to send again",
  resentAll: (count: number) =>
    `${count.toLocaleString("en-US")} ${count === 1 ? "mail" : "mails"} queued to send again`,
  resendFailed: "Could not send the mail again",
  gone: "This mail is no longer waiting to be sent again: it was sent again already, or removed.",
} as const;
