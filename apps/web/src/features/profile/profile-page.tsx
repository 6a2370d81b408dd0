import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import AccountCircle from '@mui/icons-material/AccountCircle';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import Inventory2 from '@mui/icons-material/Inventory2';
import MonetizationOn from '@mui/icons-material/MonetizationOn';
import Settings from '@mui/icons-material/Settings';
import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGetAccountQuery } from '../../api/account-endpoints';
import { useGetHeroesQuery, useGetLandsQuery } from '../../api/game-endpoints';
import { useProfileSummary } from '../../api/profile-endpoints';
import { DetailList } from '../../lib/detail-list';
import { formatNumber } from '../../lib/format-number';
import { ProfileLevelDialog } from './profile-level-dialog';
import { LevelProgress } from './level-progress';
import { MutedNotice } from './muted-notice';
import { NotificationSetting } from './notification-setting';
import { ProfileRecords } from './profile-records';
import { SectionCard } from '../../lib/section-card';

/** A count that links to its list, or its failure text (docs/screens.md). */
function Count({ to, count, failed }: { to: string; count: number | undefined; failed: string }) {
  if (count !== undefined) {
    return (
      <Link component={RouterLink} to={to} color="secondary">
        {formatNumber(count)}
      </Link>
    );
  }
  return <>{failed || '…'}</>;
}

/** The account's address, whether it is verified, and the way to the account settings. */
function AccountSummary() {
  const { data: account } = useGetAccountQuery();
  return (
    <Stack spacing={1}>
      {account && (
        <DetailList
          details={[
            {
              term: 'E-mail',
              value: (
                <Stack
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' }}
                >
                  <span>{account.email}</span>
                  <Chip
                    size="small"
                    label={account.emailVerified ? 'Verified' : 'Not verified'}
                    color={account.emailVerified ? 'success' : 'warning'}
                  />
                </Stack>
              ),
            },
          ]}
        />
      )}
      <Link component={RouterLink} to="/profile/account" color="secondary">
        Account settings
      </Link>
    </Stack>
  );
}

/**
 * The signed-in player's own profile: level and XP, VIP, treasury, lands and heroes. The
 * server's summary (/athar/profile) carries no nickname, so the screen speaks of "your" profile.
 */
export function ProfilePage() {
  const { data, isLoading } = useProfileSummary();
  const lands = useGetLandsQuery();
  const heroes = useGetHeroesQuery();
  const [levelOpen, setLevelOpen] = useState(false);

  let content;
  if (isLoading) {
    content = <Typography role="status">Loading...</Typography>;
  } else if (!data) {
    content = <Alert severity="error">Failed to load profile information</Alert>;
  } else {
    content = (
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' },
          alignItems: 'start',
        }}
      >
        <SectionCard title="Your profile" icon={<AccountCircle color="secondary" aria-hidden />}>
          <Typography variant="h6" component="p">
            {data.nickname}
          </Typography>
          <LevelProgress level={data.level} />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              color="secondary"
              aria-haspopup="dialog"
              onClick={() => setLevelOpen(true)}
            >
              Profile Level Information
            </Button>
            <Button variant="outlined" color="secondary" component={RouterLink} to="/friends">
              Friends
            </Button>
            {data.level.upgradable && <Chip label="Upgrade available" color="secondary" />}
          </Stack>
        </SectionCard>
        <SectionCard title="VIP" icon={<WorkspacePremium color="secondary" aria-hidden />}>
          <DetailList
            details={[
              { term: 'VIP level', value: data.vip.vipLevel },
              { term: 'VIP points', value: formatNumber(data.vip.vipPoints) },
            ]}
          />
        </SectionCard>
        <SectionCard title="Treasury" icon={<MonetizationOn color="secondary" aria-hidden />}>
          <DetailList
            details={[
              { term: 'Gold', value: formatNumber(data.treasury.gold) },
              { term: 'Platinum', value: formatNumber(data.treasury.platinum) },
            ]}
          />
        </SectionCard>
        <SectionCard title="Lands and heroes" icon={<Inventory2 color="secondary" aria-hidden />}>
          <DetailList
            details={[
              {
                term: 'Lands',
                value: (
                  <Count
                    to="/lands"
                    count={lands.data?.length}
                    failed={lands.isError ? 'Failed to load lands' : ''}
                  />
                ),
              },
              {
                term: 'Heroes',
                value: (
                  <Count
                    to="/heroes"
                    count={heroes.data?.length}
                    failed={heroes.isError ? 'Failed to load heroes' : ''}
                  />
                ),
              },
            ]}
          />
        </SectionCard>
        <SectionCard title="Records" icon={<EmojiEvents color="secondary" aria-hidden />}>
          <ProfileRecords nickname={data.nickname} />
        </SectionCard>
        <SectionCard title="Settings" icon={<Settings color="secondary" aria-hidden />}>
          <AccountSummary />
          <NotificationSetting />
        </SectionCard>
      </Box>
    );
  }

  return (
    <Stack spacing={2}>
      <Typography variant="h1" component="h1">
        Profile
      </Typography>
      <MutedNotice until={data?.mutedUntil} />
      {content}
      <ProfileLevelDialog open={levelOpen} onClose={() => setLevelOpen(false)} />
    </Stack>
  );
}
