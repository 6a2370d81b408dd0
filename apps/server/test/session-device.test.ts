import { describe, expect, it } from 'vitest';
import { deviceOf } from '../src/modules/auth/user-agent.js';
import { placeOf } from '../src/modules/auth/session-place.js';

/**
 * How the list of sessions names a device and a place (docs/api.md, "Account settings"):
 * User-Agent headers of today's common browsers, and client addresses of every kind.
 */

describe('the device of a session', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chrome on Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox on Linux'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari on macOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      'Samsung Internet on Android',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
      'Chrome on iPad',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15',
      'Firefox on iPhone',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0',
      'Opera on macOS',
    ],
    [
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chrome on ChromeOS',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) SomeNewBrowser/1.0', 'A browser on Windows'],
    ['curl/8.8.0', 'Unknown device'],
    ['', 'Unknown device'],
    [null, 'Unknown device'],
  ])('%j is "%s"', (userAgent, device) => {
    expect(deviceOf(userAgent)).toBe(device);
  });
});

describe('the place of a session', () => {
  it.each([
    ['203.0.113.77', 'near 203.0.113.0/24'],
    ['198.51.100.1', 'near 198.51.100.0/24'],
    ['::ffff:203.0.113.9', 'near 203.0.113.0/24'],
    ['2001:db8:abcd:12::1', 'near 2001:db8:abcd::/48'],
    ['2a00:1450:4001:82a::200e', 'near 2a00:1450:4001::/48'],
    ['127.0.0.1', 'Local network'],
    ['::1', 'Local network'],
    ['::ffff:127.0.0.1', 'Local network'],
    ['10.1.2.3', 'Local network'],
    ['172.16.0.5', 'Local network'],
    ['172.31.255.255', 'Local network'],
    ['192.168.1.20', 'Local network'],
    ['169.254.10.1', 'Local network'],
    ['fd12:3456:789a::1', 'Local network'],
    ['fe80::1%eth0', 'Local network'],
    ['172.32.0.1', 'near 172.32.0.0/24'],
    ['not an address', 'Unknown place'],
    ['', 'Unknown place'],
    [null, 'Unknown place'],
  ])('%j is "%s"', (address, place) => {
    expect(placeOf(address)).toBe(place);
  });
});
