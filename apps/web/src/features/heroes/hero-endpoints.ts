import type { Hero, PotBody, UpskillsBody } from '@aleph/contracts';
import { api } from '../../api/api';

/** Hero growth: spending upskill points and using a Skill Pot (docs/api.md). */
export const heroApi = api.injectEndpoints({
  endpoints: (build) => ({
    spendUpskills: build.mutation<Hero, { heroid: number } & UpskillsBody>({
      query: ({ heroid, skills }) => ({
        url: `/abtal/heroes/${heroid}/upskills`,
        method: 'POST',
        body: { skills },
      }),
      invalidatesTags: (_hero, _error, { heroid }) => [{ type: 'hero', id: heroid }, 'hero'],
    }),
    useSkillPot: build.mutation<Hero, { heroid: number } & PotBody>({
      query: ({ heroid, landid, skill }) => ({
        url: `/abtal/heroes/${heroid}/pot`,
        method: 'POST',
        body: { landid, skill },
      }),
      invalidatesTags: (_hero, _error, { heroid, landid }) => [
        { type: 'hero', id: heroid },
        'hero',
        { type: 'land', id: landid },
      ],
    }),
  }),
});

export const { useSpendUpskillsMutation, useUseSkillPotMutation } = heroApi;
