// US phone numbers as the owner types them and as the pages show them: read by the settings schema and by
// the pure settings helpers (./site-settings.ts), so neither imports the other.

/** The ten digits of a US phone number written any usual way, or null. */
export function phoneDigits(text: string): string | null {
  const digits = text.replace(/[\s().+-]/g, "");
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(national) ? national : null;
}

/** "(405) 555-0142" for display; the tel: link is built from the same digits. */
export function formatPhone(digits: string): string {
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
