import { api } from '../../platform/api';
import type { Settings, SettingsBody } from '../../shared/schemas/setup';

const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<Settings, void>({
      query: () => '/settings',
      providesTags: ['Settings'],
    }),
    saveSettings: build.mutation<Settings, SettingsBody>({
      query: (body) => ({ url: '/settings', method: 'POST', body }),
      invalidatesTags: ['Settings'],
    }),
  }),
});

export const { useGetSettingsQuery, useSaveSettingsMutation } = settingsApi;
