import { isIP } from 'node:net';
import { addressBits, MAPPED_V4 } from '../../lib/ip-address.js';

/**
 * Where a session was opened, as near as the game can say without a geographic database: the
 * network of the client address, never the address itself. IPv4 is shown as its /24 ("near
 * 203.0.113.0/24"), IPv6 as its /48 (about one site); loopback, private and link-local
 * addresses as "Local network"; no address, or one that is not an IP, as "Unknown place".
 */

export const LOCAL_NETWORK = 'Local network';
export const UNKNOWN_PLACE = 'Unknown place';

/** [first address, prefix length] of IPv4 ranges that never leave a site. */
const LOCAL_V4: readonly [string, number][] = [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
  ['0.0.0.0', 8],
];

const v4Number = (dotted: string) =>
  dotted.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);

const inV4 = (v4: number, [base, bits]: readonly [string, number]) =>
  Math.floor(v4 / 2 ** (32 - bits)) === Math.floor(v4Number(base) / 2 ** (32 - bits));

function placeOfV4(v4: number): string {
  if (LOCAL_V4.some((range) => inV4(v4, range))) return LOCAL_NETWORK;
  const octets = [24, 16, 8].map((shift) => Math.floor(v4 / 2 ** shift) % 256);
  return `near ${octets.join('.')}.0/24`;
}

export function placeOf(address: string | null | undefined): string {
  if (!address) return UNKNOWN_PLACE;
  const plain = address.replace(/%.*$/, '');
  if (isIP(plain) === 0) return UNKNOWN_PLACE;
  const bits = addressBits(plain);
  if (bits >> 32n === MAPPED_V4 >> 32n) return placeOfV4(Number(bits & 0xffffffffn));
  const top = Number(bits >> 112n);
  // ::1 (and ::), unique local fc00::/7, link-local fe80::/10.
  if (bits <= 1n || (top & 0xfe00) === 0xfc00 || (top & 0xffc0) === 0xfe80) return LOCAL_NETWORK;
  const groups = [112n, 96n, 80n].map((shift) => ((bits >> shift) & 0xffffn).toString(16));
  return `near ${groups.join(':')}::/48`;
}
