import { useState } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MarketOffers, MintCurrency } from '@aleph/contracts';
import { CONTINENT_NAMES } from '@aleph/rules';
import { useGetMintPricesQuery, useMintLandMutation } from './market-endpoints';
import { useProfileSummary } from '../../api/profile-endpoints';
import { queryErrorDetail } from '../../lib/query-error-detail';
import { GoldMintButton } from './gold-mint-button';
import { WithOffers } from './market-offers';
import { MintPanel, visuallyHidden } from './mint-panel';
import { MintedLand } from './minted-land';
import { useMint } from './use-mint';

function MintLand({ price }: { price: number }) {
  const { data: profile } = useProfileSummary();
  const [continent, setContinent] = useState(0);
  const { data: prices, error: pricesError } = useGetMintPricesQuery();
  const [send] = useMintLandMutation();
  const { minted, mint } = useMint<{ continent: number; currency?: MintCurrency }>((body) =>
    send(body).unwrap(),
  );
  const continentName = CONTINENT_NAMES[continent] ?? `#${continent}`;
  return (
    <Stack spacing={2.5}>
      <MintPanel
        heading="Mint a land"
        description="A new land on the continent you choose, at a free place, with a random terrain and element."
        thing="a land"
        price={price}
        platinum={profile?.treasury.platinum}
        action="Mint Land"
        question={`Mint a land on ${continentName} for ${price} Platinum?`}
        details="The terrain, element and coordinates are drawn at random. The Platinum is spent at once."
        onMint={() => mint({ continent })}
        alternative={
          <GoldMintButton
            thing="a land"
            price={prices?.land.gold}
            priceError={pricesError ? queryErrorDetail(pricesError) : undefined}
            gold={profile?.treasury.gold}
            question={(gold) => `Mint a land on ${continentName} for ${gold} gold?`}
            details="The terrain, element and coordinates are drawn at random. The gold leaves your treasury at once, and each land you own raises the next gold price."
            onMint={() => mint({ continent, currency: 'gold' })}
          />
        }
      >
        <FormControl>
          <FormLabel id="mint-land-continent" sx={{ color: 'text.primary', fontWeight: 600 }}>
            Continent
          </FormLabel>
          <RadioGroup
            row
            aria-labelledby="mint-land-continent"
            name="continent"
            value={String(continent)}
            onChange={(event) => setContinent(Number(event.target.value))}
          >
            {CONTINENT_NAMES.map((name, id) => (
              <FormControlLabel
                key={name}
                value={String(id)}
                control={<Radio color="secondary" />}
                label={name}
              />
            ))}
          </RadioGroup>
        </FormControl>
      </MintPanel>
      <Typography role="status" sx={visuallyHidden}>
        {minted?.land ? `You minted Land #${minted.land.landid}.` : ''}
      </Typography>
      {minted?.land && <MintedLand land={minted.land} />}
    </Stack>
  );
}

/** Marketplace tab 'Mint Land': a land on a chosen continent for Platinum or for gold. */
export function MintLandTab() {
  return <WithOffers>{(offers: MarketOffers) => <MintLand price={offers.mint.land} />}</WithOffers>;
}
