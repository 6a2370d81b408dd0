import { isIP } from 'node:net';

/** IPv4 addresses as IPv4-mapped IPv6 (::ffff:a.b.c.d). */
export const MAPPED_V4 = 0xffffn << 32n;

function ipv4Bits(address: string): bigint {
  return address.split('.').reduce((bits, octet) => (bits << 8n) | BigInt(octet), 0n);
}

/**
 * An IPv4 or IPv6 address (one `isIP` accepts) as a 128-bit number, IPv4 as IPv4-mapped IPv6,
 * so that every way of writing an address gives one number. A zone (`fe80::1%eth0`) is no part
 * of the address.
 */
export function addressBits(address: string): bigint {
  if (isIP(address) === 4) return MAPPED_V4 | ipv4Bits(address);
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const v4 = ipv4Bits(dotted);
    text = `${text.slice(0, -dotted.length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return all.reduce((bits, group) => (bits << 16n) | BigInt(`0x${group}`), 0n);
}

/**
 * The client a per-client limit counts an address as. IPv4 (and IPv4-mapped IPv6, the same
 * client however the socket reports it) by its address; other IPv6 by its /64, since one
 * subscriber is routinely given a whole /64 and could otherwise take a fresh address for each
 * attempt. Anything that is not an address is counted as it is.
 */
export function rateLimitClient(address: string): string {
  if (isIP(address.replace(/%.*$/, '')) === 0) return address;
  const bits = addressBits(address);
  if (bits >> 32n === 0xffffn) {
    const v4 = Number(bits & 0xffffffffn);
    return [24, 16, 8, 0].map((shift) => (v4 >>> shift) & 0xff).join('.');
  }
  const prefix = bits >> 64n;
  const groups = [48n, 32n, 16n, 0n].map((shift) => ((prefix >> shift) & 0xffffn).toString(16));
  return `${groups.join(':')}::/64`;
}
