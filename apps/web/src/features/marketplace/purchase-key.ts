import { useCallback, useRef } from 'react';

/**
 * A fresh idempotency key (docs/api.md: 8-100 printable characters). crypto.randomUUID needs a
 * secure context; a page served over plain http falls back to 16 random bytes in hex.
 */
export function newPurchaseKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One key per purchase attempt: retrying the same request reuses it, so the server never
 * charges twice; another request, or a new purchase after a success, takes a new one.
 */
export function usePurchaseKey() {
  const current = useRef<{ request: string; key: string } | null>(null);
  const keyFor = useCallback((request: object) => {
    const signature = JSON.stringify(request);
    if (current.current?.request !== signature) {
      current.current = { request: signature, key: newPurchaseKey() };
    }
    return current.current.key;
  }, []);
  /** The attempt succeeded: the next purchase is a new one. */
  const settle = useCallback(() => {
    current.current = null;
  }, []);
  return { keyFor, settle };
}
