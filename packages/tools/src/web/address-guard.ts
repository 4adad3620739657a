/**
 * The SSRF guard of `web_fetch`: which addresses a fetch may connect to.
 *
 * A host is resolved once (every address it has); if any of them is loopback, private,
 * link-local, unique-local, CGNAT, multicast, reserved or unspecified, the fetch is refused unless
 * the settings allow the private network (`web.allowPrivateNetwork`). The connection then goes
 * to the address that was checked (the request's `lookup` is pinned to it), so a second DNS
 * answer cannot redirect it (DNS rebinding). IPv4-mapped IPv6 addresses are checked as IPv4.
 */
import { BlockList, isIP } from "node:net";

const BLOCKED_V4 = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const;
const BLOCKED_V6 = [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const;

let blockedList: BlockList | undefined;
/** The blocked ranges, built on the first check (not when the tools load). */
function blocked(): BlockList {
  if (blockedList) return blockedList;
  blockedList = new BlockList();
  for (const [net, prefix] of BLOCKED_V4) blockedList.addSubnet(net, prefix, "ipv4");
  for (const [net, prefix] of BLOCKED_V6) blockedList.addSubnet(net, prefix, "ipv6");
  return blockedList;
}

/** Whether an IP address is outside the public internet. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return blocked().check(mapped[1], "ipv4");
  const family = isIP(address);
  if (family === 0) return true;
  return blocked().check(address, family === 4 ? "ipv4" : "ipv6");
}

export interface CheckedHost {
  address: string;
  family: 4 | 6;
}

/** Resolve `hostname` and check every address; a string is the reason it is refused. */
export async function checkHost(hostname: string, allowPrivate: boolean): Promise<CheckedHost | string> {
  const bare = hostname.replace(/^\[|\]$/g, "");
  let addresses: { address: string; family: number }[];
  if (isIP(bare)) addresses = [{ address: bare, family: isIP(bare) }];
  else {
    try {
      const { lookup } = await import("node:dns/promises");
      addresses = await lookup(bare, { all: true, verbatim: true });
    } catch (error) {
      return `cannot resolve ${hostname} (${(error as NodeJS.ErrnoException).code ?? "DNS error"})`;
    }
  }
  if (addresses.length === 0) return `cannot resolve ${hostname}`;
  const bad = addresses.find((a) => isPrivateAddress(a.address));
  if (bad && !allowPrivate)
    return (
      `${hostname} resolves to ${bad.address}, a loopback or private-network address; web_fetch only reaches the public internet ` +
      "unless the user sets web.allowPrivateNetwork: true in the settings (.picasso/picasso.patch.yml)"
    );
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
