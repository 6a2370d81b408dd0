import type {
  PushDevice,
  PushDeviceList,
  PushKey,
  PushPreferences,
  PushSubscriptionBody,
} from '@aleph/contracts';
import { api } from '../../api/api';

/**
 * Web push's settings (`/athar/push`, docs/api.md "Web push"): the server's key, the player's
 * subscribed devices (tagged 'pushDevices') and what they want pushed.
 */
export const pushApi = api.enhanceEndpoints({ addTagTypes: ['pushDevices'] }).injectEndpoints({
  endpoints: (build) => ({
    /** 409 WEB_PUSH_OFF when the server sends no pushes: the page says so before any click. */
    getPushKey: build.query<PushKey, void>({
      query: () => '/athar/push/key',
    }),
    getPushDevices: build.query<PushDeviceList, void>({
      query: () => '/athar/push/subscriptions',
      providesTags: ['pushDevices'],
    }),
    addPushDevice: build.mutation<PushDevice, PushSubscriptionBody>({
      query: (body) => ({ url: '/athar/push/subscriptions', method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['pushDevices'] : []),
    }),
    removePushDevice: build.mutation<null, number>({
      query: (id) => ({ url: `/athar/push/subscriptions/${id}`, method: 'DELETE' }),
      invalidatesTags: ['pushDevices'],
    }),
    getPushPreferences: build.query<PushPreferences, void>({
      query: () => '/athar/push/preferences',
    }),
    savePushPreferences: build.mutation<PushPreferences, PushPreferences>({
      query: (body) => ({ url: '/athar/push/preferences', method: 'PUT', body }),
      // The answer is what is now stored: the page shows it when opened again.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(pushApi.util.upsertQueryData('getPushPreferences', undefined, data));
        } catch {
          // Refused: the form shows why and the stored choices are unchanged.
        }
      },
    }),
  }),
});

export const {
  useGetPushKeyQuery,
  useLazyGetPushKeyQuery,
  useGetPushDevicesQuery,
  useAddPushDeviceMutation,
  useRemovePushDeviceMutation,
  useGetPushPreferencesQuery,
  useSavePushPreferencesMutation,
} = pushApi;
