/** The EIP-1193 provider a browser wallet extension injects as `window.ethereum`. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | object }): Promise<unknown>;
}

declare global {
  interface Window {
    ethereum?: Eip1193Provider;
  }
}

/** The injected wallet, or undefined when the browser has none. */
export function getEthereum(): Eip1193Provider | undefined {
  return typeof window === 'undefined' ? undefined : window.ethereum;
}

/** EIP-1193: the user rejected the request in the wallet. */
export const USER_REJECTED = 4001;

/** The numeric EIP-1193 error code of a failed wallet request, if it carries one. */
export function walletErrorCode(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}
