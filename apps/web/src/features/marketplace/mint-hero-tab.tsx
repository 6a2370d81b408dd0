import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MarketOffers } from '@aleph/contracts';
import { GAME_CONFIG, RARITY_NAMES } from '@aleph/rules';
import { useMintHeroMutation } from '../../api/market-endpoints';
import { useProfileSummary } from '../../api/profile-endpoints';
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
  const [send] = useMintHeroMutation();
  const { minted, mint } = useMint<object>((body) => send(body).unwrap());
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
      />
      <Typography role="status" sx={visuallyHidden}>
        {minted?.hero ? `You minted ${minted.hero.name}.` : ''}
      </Typography>
      {minted?.hero && <MintedHero hero={minted.hero} />}
    </Stack>
  );
}

/** Marketplace tab 'Mint Hero': a random hero for Platinum. */
export function MintHeroTab() {
  return <WithOffers>{(offers: MarketOffers) => <MintHero price={offers.mint.hero} />}</WithOffers>;
}
