import { useCallback, useState } from 'react';
import type { Purchase } from '@aleph/contracts';
import { queryErrorDetail } from '../../lib/query-error-detail';
import { usePurchaseKey } from './purchase-key';

/**
 * Minting with an idempotency key per attempt: a retry after an error (the same request)
 * sends the same key, so a lost answer never mints twice; a success starts a new attempt.
 */
export function useMint<Body extends object>(
  send: (body: Body & { idempotencyKey: string }) => Promise<Purchase>,
) {
  const { keyFor, settle } = usePurchaseKey();
  const [minted, setMinted] = useState<Purchase>();
  /** Answers undefined when minted, else the server's message. */
  const mint = useCallback(
    async (body: Body): Promise<string | undefined> => {
      try {
        const purchase = await send({ ...body, idempotencyKey: keyFor(body) });
        settle();
        setMinted(purchase);
        return undefined;
      } catch (error) {
        return queryErrorDetail(error);
      }
    },
    [send, keyFor, settle],
  );
  return { minted, mint };
}
