import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';

/** Why an address is not public; null for a public one. */
export type AddressProblem = 'loopback' | 'private' | 'link-local' | 'reserved';

type Range = [prefix: number[], bits: number, problem: AddressProblem];

/** IPv4 ranges a webhook never goes to (RFC 6890 special-purpose, multicast and the rest). */
const V4: Range[] = [
  [[0], 8, 'reserved'], [[10], 8, 'private'], [[100, 64], 10, 'private'], [[127], 8, 'loopback'],
  [[169, 254], 16, 'link-local'], [[172, 16], 12, 'private'], [[192, 0, 0], 24, 'reserved'], [[192, 0, 2], 24, 'reserved'],
  [[192, 88, 99], 24, 'reserved'], [[192, 168], 16, 'private'], [[198, 18], 15, 'reserved'], [[198, 51, 100], 24, 'reserved'],
  [[203, 0, 113], 24, 'reserved'], [[224], 4, 'reserved'], [[240], 4, 'reserved'],
];

/** IPv6 ranges (bytes) a webhook never goes to; the embedded-IPv4 forms are judged by their IPv4 address. */
const V6: Range[] = [
  [[0xfe, 0x80], 10, 'link-local'], [[0xfc], 7, 'private'], [[0xfe, 0xc0], 10, 'private'], [[0xff], 8, 'reserved'],
  [[0x01, 0x00, 0, 0, 0, 0, 0, 0], 64, 'reserved'], [[0x20, 0x01, 0x0d, 0xb8], 32, 'reserved'], [[0x20, 0x01, 0, 0], 32, 'reserved'],
  [[0, 0x64, 0xff, 0x9b, 0, 1], 48, 'reserved'],
];

function inRange(bytes: number[], [prefix, bits]: Range): boolean {
  for (let i = 0; i < bits; i += 8) {
    const take = Math.min(8, bits - i);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((bytes[i / 8] ?? 0) & mask) !== ((prefix[i / 8] ?? 0) & mask)) return false;
  }
  return true;
}

function v4Problem(bytes: number[]): AddressProblem | null {
  return V4.find((range) => inRange(bytes, range))?.[2] ?? null;
}

/** The 16 bytes of an IPv6 address (a zone `%eth0` ignored, a dotted IPv4 tail read). */
export function ipv6Bytes(text: string): number[] {
  let address = text.replace(/%.*$/, '');
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (tail) {
    const [a, b, c, d] = tail[1].split('.').map(Number);
    address = `${address.slice(0, -tail[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const restGroups = rest !== undefined && rest !== '' ? rest.split(':') : [];
  const groups = rest === undefined ? headGroups : [...headGroups, ...Array(8 - headGroups.length - restGroups.length).fill('0'), ...restGroups];
  return groups.flatMap((g) => { const n = parseInt(g, 16); return [n >> 8, n & 0xff]; });
}

/**
 * Why an IP address is not a public one (loopback, private, link-local, or another special
 * range), or null. IPv4-mapped (`::ffff:a.b.c.d`), IPv4-compatible, NAT64 (`64:ff9b::/96`) and
 * 6to4 (`2002::/16`) IPv6 addresses are judged by the IPv4 address inside them.
 */
export function addressProblem(ip: string): AddressProblem | null {
  const family = isIP(ip.replace(/%.*$/, ''));
  if (family === 4) return v4Problem(ip.split('.').map(Number));
  if (family !== 6) return 'reserved';
  const bytes = ipv6Bytes(ip);
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  if (zeros(0, 15) && bytes[15] <= 1) return bytes[15] === 1 ? 'loopback' : 'reserved';
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return v4Problem(bytes.slice(12));
  if (zeros(0, 12)) return v4Problem(bytes.slice(12)) ?? 'reserved';
  if (inRange(bytes, [[0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], 96, 'reserved'])) return v4Problem(bytes.slice(12));
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return v4Problem(bytes.slice(2, 6));
  return V6.find((range) => inRange(bytes, range))?.[2] ?? null;
}

/** A URL the server may not call, with what to tell the admin. */
export class RefusedUrl extends Error {
  constructor(message: string, readonly reason: 'url' | 'scheme' | 'resolve' | AddressProblem, readonly address?: string) {
    super(message);
    this.name = 'RefusedUrl';
  }
}

/** Resolves a host name to its addresses (injectable for tests). */
export type Resolve = (host: string) => Promise<Array<{ address: string; family: number }>>;

export const resolveHost: Resolve = (host) => lookup(host, { all: true, verbatim: true });

/** Where a send connects: the URL and the one address that was checked. */
export interface CheckedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** A DNS lookup that answers only the checked address: a connection given it goes where the check looked. */
export function pinnedLookup(target: CheckedTarget): LookupFunction {
  return (_host, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

/**
 * THE check of a webhook URL, at save and again at every send: an absolute `https` URL without
 * credentials (with `allowPrivate`, `http` too), whose host — an IP literal, or every address its
 * name resolves to — is public unless `allowPrivate`. Answers the address to connect to, so the
 * caller connects to what was checked (a DNS answer that changes later cannot redirect it).
 */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean, resolve: Resolve = resolveHost): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedUrl('not an absolute URL', 'url');
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) throw new RefusedUrl('not an https URL', 'scheme');
  if (url.username || url.password) throw new RefusedUrl('credentials in the URL', 'url');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      addresses = [];
    }
    if (!addresses.length) throw new RefusedUrl(`the host ${host} cannot be resolved`, 'resolve');
  }
  if (!allowPrivate) {
    for (const { address } of addresses) {
      const problem = addressProblem(address);
      if (problem) throw new RefusedUrl(`${address} is a ${problem} address`, problem, address);
    }
  }
  const first = addresses[0];
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
