import type { MapPlot, PlotParams, WorldStats } from '@aleph/contracts';
import { api } from '../../api/api';

/** The plot under the pointer and the world's numbers (docs/api.md, World map). */
export const mapApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMapPlot: build.query<MapPlot, PlotParams>({
      query: ({ continent, x, y }) => `/ard/map/${continent}/${x}/${y}`,
      // A newly made land of the player changes who owns a plot.
      providesTags: ['lands'],
    }),
    getWorldStats: build.query<WorldStats, void>({
      query: () => '/athar/worldstats',
      providesTags: ['profile'],
    }),
  }),
});

export const { useGetMapPlotQuery, useGetWorldStatsQuery } = mapApi;
