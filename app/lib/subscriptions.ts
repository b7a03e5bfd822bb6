// Deals by e-mail and texts (issue 40): the words a sign-up form shows (the ledger stores exactly these, once
// per version), and the rules the sign-up keeps. Medical-only wording; nothing here claims a health effect.

/** At most this many texts a month: the disclosure says so, and the store's SMS vendor keeps to it. */
export const TEXTS_PER_MONTH = 4;

/** The e-mail box's words, as the form shows them and the ledger records them. */
export function emailConsentText(storeName: string): string {
  return (
    `E-mail me ${storeName}'s deals, new products and store news for registered medical marijuana patients. ` +
    "I can unsubscribe at any time with the link in every e-mail."
  );
}

/** The texts box's disclosure (TCPA: who texts, about what, how often, STOP, not a condition of purchase). */
export function smsConsentText(storeName: string): string {
  return (
    `I agree to receive recurring automated marketing text messages from ${storeName} about deals and store ` +
    `news at the number above, up to ${TEXTS_PER_MONTH} a month. Consent is not a condition of purchase. ` +
    "Message and data rates may apply. Reply STOP to cancel, HELP for help."
  );
}

export const SUBSCRIPTION_RULES = {
  /** A confirmation link works this long, once. */
  confirmationHours: 48,
  /** A sign-up never confirmed is removed after this many days (the ledger keeps an anonymous record). */
  pendingDays: 7,
  /** A sign-up repeated sooner than this after the last confirmation mail sends no second one. */
  resendAfterMinutes: 10,
  /** At most this many confirmation mails to one address a day, however often it is entered. */
  confirmationsPerDay: 3,
} as const;

/** What the sign-up page says after any sign-up, whether or not the address was subscribed already. */
export const SIGN_UP_ANSWER =
  "Thank you. If this address is not on our list yet, we have sent it a link: your subscription starts when you open it.";

/** Who the store's marketing mail is from (CAN-SPAM): its name, a postal address, and the stores' names by id. */
export interface StoreMailSender {
  name: string;
  postalAddress: string;
  storeNames: Record<string, string>;
}
