// A marketing mail as every subscriber receives it (issue 40): the campaign's words as HTML (its Markdown,
// sanitized like a post's) and as plain text, the store's name and postal address (CAN-SPAM), and the
// subscriber's own unsubscribe link in the body and in the headers that let the mail provider offer one click
// (RFC 8058: List-Unsubscribe with an https address, and List-Unsubscribe-Post).
import { addressLine } from "~/content/site";
import { mainStore, STORE_IDS, storeShortName } from "~/content/stores";
import { escapeXml as escapeHtml } from "~/lib/text";
import type { StoreMailSender } from "~/lib/subscriptions";
import { getSiteSettings } from "~/models/site-settings.server";
import { unsubscribeLink } from "~/models/subscribers.server";
import type { OutgoingMail } from "~/server/mail.server";
import { renderMarkdown } from "~/server/markdown.server";

/**
 * Who a marketing mail is from (CAN-SPAM): the store's name and the main store's postal address as the owner
 * set them in Settings (its state from the store's facts), and the stores' names by id.
 */
export async function storeMailSender(): Promise<StoreMailSender> {
  const settings = await getSiteSettings();
  return {
    name: settings.name,
    postalAddress: addressLine({ ...settings.stores[mainStore.id], region: mainStore.region }),
    storeNames: Object.fromEntries(STORE_IDS.map((id) => [id, storeShortName(id)])),
  };
}

export function marketingMail(input: {
  to: string;
  subscriberId: string;
  subject: string;
  bodyMarkdown: string;
  sender: Pick<StoreMailSender, "name" | "postalAddress">;
}): OutgoingMail {
  const { url: unsubscribeUrl, headers } = unsubscribeLink(input.subscriberId);
  const why = `You receive this because you asked for ${input.sender.name}'s deals by e-mail.`;
  const text = [
    input.bodyMarkdown.trim(),
    "",
    "—",
    why,
    `Unsubscribe (one click, at once): ${unsubscribeUrl}`,
    `${input.sender.name}, ${input.sender.postalAddress}`,
    "For registered medical marijuana patients. Keep out of reach of children.",
  ].join("\n");
  const html = [
    '<!doctype html><html><body style="font-family: system-ui, sans-serif; line-height: 1.5; max-width: 640px">',
    renderMarkdown(input.bodyMarkdown),
    '<hr><p style="font-size: 13px; color: #555">',
    `${escapeHtml(why)}<br>`,
    `<a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a> (one click, at once)<br>`,
    `${escapeHtml(input.sender.name)}, ${escapeHtml(input.sender.postalAddress)}<br>`,
    "For registered medical marijuana patients. Keep out of reach of children.",
    "</p></body></html>",
  ].join("\n");
  return { to: input.to, subject: input.subject, text, html, headers };
}
