// The client's address as the consent ledger keeps it: its network only (IPv4 /24, IPv6 /48), enough to show
// where a sign-up came from without keeping the one address that names a household. /privacy says so.
import net from "node:net";

/** "203.0.113.0/24" for 203.0.113.7, "2001:db8:1::/48" for 2001:db8:1:2::5; null when it is not an address. */
export function clientNetwork(address: string | null | undefined): string | null {
  if (!address) return null;
  const ip = address.startsWith("::ffff:") && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
  if (net.isIPv4(ip)) return `${ip.split(".").slice(0, 3).join(".")}.0/24`;
  if (!net.isIPv6(ip)) return null;
  const [head, tail = ""] = ip.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const groups = [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill("0"), ...tailGroups];
  const kept = groups.slice(0, 3).map((group) => Number.parseInt(group || "0", 16).toString(16));
  return `${kept.join(":")}::/48`;
}
