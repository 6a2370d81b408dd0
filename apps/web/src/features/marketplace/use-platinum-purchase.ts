import { useCallback, useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import type { PaymentSetup, PlatinumPackage, Purchase } from '@aleph/contracts';
import type { ApiDispatch } from '../../api/api';
import { httpStatus } from '../../api/error-message';
import { marketApi, PURCHASE_POLL_MS, useBuyPlatinumMutation } from './market-endpoints';
import { getEthereum } from '../../lib/ethereum';
import { queryErrorDetail } from '../../lib/query-error-detail';
import { payWithWallet, WalletPaymentError } from '../../lib/wallet-payment';
import { newPurchaseKey } from './purchase-key';

/** One purchase as the player started it; retrying it sends the same key (and transaction). */
export interface Attempt {
  pkg: PlatinumPackage;
  idempotencyKey: string;
  /** Set once the wallet has sent the payment: a retry posts it again, never pays twice. */
  txHash?: string;
}

export type PurchaseFlow =
  | { step: 'idle' }
  | { step: 'wallet'; attempt: Attempt }
  | { step: 'sending'; attempt: Attempt }
  | { step: 'pending'; attempt: Attempt; purchase: Purchase; checkError?: string }
  | { step: 'confirmed'; attempt: Attempt; purchase: Purchase }
  | { step: 'refused'; attempt: Attempt; purchase: Purchase }
  | { step: 'failed'; attempt: Attempt; message: string; retryable: boolean };

export const NO_WALLET =
  'No browser wallet found. Install a wallet extension such as MetaMask to pay in ETH.';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function errorCode(error: unknown): string | undefined {
  const data = (error as { data?: { code?: unknown } } | null)?.data;
  return typeof data?.code === 'string' ? data.code : undefined;
}

/** Worth sending again as it is: the network, the server or the chain may answer next time. */
function isRetryable(error: unknown): boolean {
  if (error instanceof WalletPaymentError) return true;
  const status = httpStatus(error);
  return status === undefined || status >= 500 || errorCode(error) === 'TX_NOT_FOUND';
}

/**
 * Buying a Platinum package. The sandbox confirms at once; on chain, the wallet pays the
 * treasury, the server is told the transaction, and a pending purchase is read again every
 * PURCHASE_POLL_MS until it is confirmed or refused.
 */
export function usePlatinumPurchase(payment: PaymentSetup | undefined) {
  const [flow, setFlow] = useState<PurchaseFlow>({ step: 'idle' });
  const [post] = useBuyPlatinumMutation();
  const dispatch = useDispatch<ApiDispatch>();
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const run = useCallback(
    async (start: Attempt) => {
      let attempt = start;
      const update = (next: PurchaseFlow) => {
        if (alive.current) setFlow(next);
      };
      try {
        if (payment?.provider === 'onchain' && !attempt.txHash) {
          const ethereum = getEthereum();
          if (!ethereum || payment.chainId === null || payment.treasury === null) {
            update({ step: 'failed', attempt, message: NO_WALLET, retryable: true });
            return;
          }
          update({ step: 'wallet', attempt });
          const { pkg } = attempt;
          const sent = await payWithWallet(ethereum, {
            chainId: payment.chainId,
            treasury: payment.treasury,
            priceWei: pkg.priceWei,
          });
          attempt = { ...attempt, txHash: sent.txHash };
        }
        update({ step: 'sending', attempt });
        let purchase = await post({
          packageId: attempt.pkg.id,
          idempotencyKey: attempt.idempotencyKey,
          ...(attempt.txHash ? { txHash: attempt.txHash } : {}),
        }).unwrap();
        let checkError: string | undefined;
        while (purchase.status === 'pending') {
          update({ step: 'pending', attempt, purchase, checkError });
          await sleep(PURCHASE_POLL_MS);
          if (!alive.current) return;
          const read = dispatch(
            marketApi.endpoints.getPurchase.initiate(purchase.purchaseid, {
              subscribe: false,
              forceRefetch: true,
            }),
          );
          try {
            purchase = await read.unwrap();
            checkError = undefined;
          } catch (error) {
            checkError = queryErrorDetail(error); // keep waiting: the payment may still confirm
          }
        }
        const settled = purchase.status === 'confirmed' ? 'confirmed' : 'refused';
        update({ step: settled, attempt, purchase });
      } catch (error) {
        const message = queryErrorDetail(error);
        update({ step: 'failed', attempt, message, retryable: isRetryable(error) });
      }
    },
    [payment, post, dispatch],
  );

  const buy = useCallback(
    (pkg: PlatinumPackage) => run({ pkg, idempotencyKey: newPurchaseKey() }),
    [run],
  );
  const retry = useCallback(() => {
    if (flow.step === 'failed') void run(flow.attempt);
  }, [flow, run]);
  const dismiss = useCallback(() => setFlow({ step: 'idle' }), []);

  const busy = flow.step === 'wallet' || flow.step === 'sending' || flow.step === 'pending';
  return { flow, busy, buy, retry, dismiss };
}
