import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMessageBody, TShopSettings, TShopSettingsInput } from '@cod/shared';
import { api } from '../../lib/api-client';
import { pictureBody } from '../../components/uploads/use-image-upload';

export const shopSettingsKeys = {
  all: ['shop-settings'] as const,
  companies: ['shop-settings', 'companies'] as const,
};

type TSettingsAnswer = TMessageBody & { settings: TShopSettings };

export function useShopSettingsQuery() {
  return useQuery({
    queryKey: shopSettingsKeys.all,
    queryFn: ({ signal }) => api.get<TShopSettings>('/dashboard/shop-settings', signal),
  });
}

/** The active companies a default may be chosen from. */
export function useCompanyOptionsQuery() {
  return useQuery({
    queryKey: shopSettingsKeys.companies,
    queryFn: ({ signal }) =>
      api.get<{ data: Array<{ id: number; name: string }> }>('/dashboard/shipping-companies/options', signal),
  });
}

function useSettingsMutation<TVariables>(mutationFn: (variables: TVariables) => Promise<TSettingsAnswer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer) => client.setQueryData(shopSettingsKeys.all, answer.settings),
  });
}

export function useSaveShopSettings() {
  return useSettingsMutation((input: TShopSettingsInput) =>
    api.put<TSettingsAnswer>('/dashboard/shop-settings', input),
  );
}

export function useUploadLogo() {
  return useSettingsMutation((file: File) =>
    api.post<TSettingsAnswer>('/dashboard/shop-settings/logo', pictureBody('logo', file)),
  );
}

export function useRemoveLogo() {
  return useSettingsMutation(() => api.delete<TSettingsAnswer>('/dashboard/shop-settings/logo'));
}
