import { formatEther } from 'viem';
import { GAME_CONFIG } from '@aleph/rules';
import type { MarketOffers, PlatinumPackage } from '@aleph/contracts';
import type { PaymentProvider } from './payments/types.js';

const MARKET = GAME_CONFIG.market;

export type PackageRule = (typeof MARKET.platinumPackages)[number];

export function findPackage(id: string): PackageRule | undefined {
  return MARKET.platinumPackages.find((p) => p.id === id);
}

export function packageView(rule: PackageRule): PlatinumPackage {
  return {
    id: rule.id,
    platinum: rule.platinum,
    bonusPercent: rule.bonusPercent,
    priceWei: rule.priceWei,
    price: `${formatEther(BigInt(rule.priceWei))} ${MARKET.currencySymbol}`,
  };
}

/** The catalogue and the payment setup a browser needs to pay. */
export function marketOffers(provider: PaymentProvider): MarketOffers {
  return {
    packages: MARKET.platinumPackages.map(packageView),
    mint: { land: MARKET.landPricePlatinum, hero: MARKET.heroPricePlatinum },
    payment: provider.setup,
  };
}
