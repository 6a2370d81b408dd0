import type { BoardName, BoardResponse } from '@aleph/contracts';
import { api } from '../../api/api';

/** The weekly boards (docs/screens.md, Dashboard: TOP). */
export const boardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBoard: build.query<BoardResponse, BoardName>({
      query: (board) => `/mirza/boards/${board}/last`,
      providesTags: ['profile', 'user'],
    }),
  }),
});

export const { useGetBoardQuery } = boardApi;
