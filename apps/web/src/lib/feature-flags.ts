import { useGetFeaturesQuery } from '../api/profile-endpoints';

/** Profile feature flags (docs/screens.md) that gate screens, widgets and buttons. */
export type FeatureFlag =
  | 'profileLevel1'
  | 'profileLevel2'
  | 'profileLevel3'
  | 'profileLevel4'
  | 'profileLevel6'
  | 'profileLevel7';

/** The text a locked widget shows (docs/screens.md). */
export const LOCKED_TEXTS: Record<FeatureFlag, string> = {
  profileLevel1: 'You need to upgrade your profile to at least level one.',
  profileLevel2: 'You need to upgrade your profile to at least level two.',
  profileLevel3: 'You need to upgrade your profile to at least level three.',
  profileLevel4: 'You need to upgrade your profile to at least level four.',
  profileLevel6: 'You need to upgrade your profile to at least level six.',
  profileLevel7: 'You need to upgrade your profile to at least level seven.',
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
