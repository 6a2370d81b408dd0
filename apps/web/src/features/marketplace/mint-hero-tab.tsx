import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MarketOffers, MintCurrency } from '@aleph/contracts';
import { GAME_CONFIG, RARITY_NAMES } from '@aleph/rules';
import { useGetMintPricesQuery, useMintHeroMutation } from './market-endpoints';
import { useProfileSummary } from '../../api/profile-endpoints';
import { queryErrorDetail } from '../../lib/query-error-detail';
import { GoldMintButton } from './gold-mint-button';
import { WithOffers } from './market-offers';
import { MintPanel, visuallyHidden } from './mint-panel';
import { MintedHero } from './minted-hero';
import { useMint } from './use-mint';

/** 'Common 50%, Uncommon 25%, ...' from the game's rarity weights (they sum to 100). */
const RARITY_ODDS = GAME_CONFIG.market.heroRarityWeights
  .map((weight, rarity) => `${RARITY_NAMES[rarity] ?? `#${rarity}`} ${weight}%`)
  .join(', ');

function MintHero({ price }: { price: number }) {
  const { data: profile } = useProfileSummary();
  const { data: prices, error: pricesError } = useGetMintPricesQuery();
  const [send] = useMintHeroMutation();
  const { minted, mint } = useMint<{ currency?: MintCurrency }>((body) => send(body).unwrap());
  return (
    <Stack spacing={2.5}>
      <MintPanel
        heading="Mint a hero"
        description="A new generation-zero hero with a random rarity, sex and element; rarer heroes have stronger skills. The hero arrives without a residence."
        thing="a hero"
        price={price}
        platinum={profile?.treasury.platinum}
        action="Mint Hero"
        question={`Mint a hero for ${price} Platinum?`}
        details={`Rarity: ${RARITY_ODDS}. The Platinum is spent at once.`}
        onMint={() => mint({})}
        alternative={
          <GoldMintButton
            thing="a hero"
            price={prices?.hero.gold}
            priceError={pricesError ? queryErrorDetail(pricesError) : undefined}
            gold={profile?.treasury.gold}
            question={(gold) => `Mint a hero for ${gold} gold?`}
            details={`Rarity: ${RARITY_ODDS}. The gold leaves your treasury at once, and each hero you own raises the next gold price.`}
            onMint={() => mint({ currency: 'gold' })}
          />
        }
      />
      <Typography role="status" sx={visuallyHidden}>
        {minted?.hero ? `You minted ${minted.hero.name}.` : ''}
      </Typography>
      {minted?.hero && <MintedHero hero={minted.hero} />}
    </Stack>
  );
}

/** Marketplace tab 'Mint Hero': a random hero for Platinum or for gold. */
export function MintHeroTab() {
  return <WithOffers>{(offers: MarketOffers) => <MintHero price={offers.mint.hero} />}</WithOffers>;
}
