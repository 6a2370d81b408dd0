import { useGetFeaturesQuery } from '../api/profile-endpoints';

/** Profile feature flags (docs/screens.md) that gate screens, widgets and buttons. */
export type FeatureFlag =
  | 'profileLevel1'
  | 'profileLevel2'
  | 'profileLevel3'
  | 'profileLevel4'
  | 'profileLevel5'
  | 'profileLevel6'
  | 'profileLevel7'
  | 'profileLevel8'
  | 'profileLevel9'
  | 'profileLevel10';

/** The text a locked widget or screen shows, the server's 403 text (docs/screens.md). */
export const LOCKED_TEXTS: Record<FeatureFlag, string> = {
  profileLevel1: 'You need to upgrade your profile to at least level one.',
  profileLevel2: 'You need to upgrade your profile to at least level two.',
  profileLevel3: 'You need to upgrade your profile to at least level three.',
  profileLevel4: 'You need to upgrade your profile to at least level four.',
  profileLevel5: 'You need to upgrade your profile to at least level five.',
  profileLevel6: 'You need to upgrade your profile to at least level six.',
  profileLevel7: 'You need to upgrade your profile to at least level seven.',
  profileLevel8: 'You need to upgrade your profile to at least level eight.',
  profileLevel9: 'You need to upgrade your profile to at least level nine.',
  profileLevel10: 'You need to upgrade your profile to at least level ten.',
};

export interface FeatureFlags {
  /** True once the flags are known (loaded, or failed and treated as none). */
  readonly ready: boolean;
  has(flag: FeatureFlag): boolean;
}

/** The signed-in profile's flags; until they load, nothing counts as unlocked. */
export function useFeatureFlags(): FeatureFlags {
  const { data, isLoading } = useGetFeaturesQuery();
  return {
    ready: !isLoading,
    has: (flag) => data?.includes(flag) ?? false,
  };
}
