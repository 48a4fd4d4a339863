import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TWhatsAppTemplate, TWhatsAppTemplateInput } from '@cod/shared';
import { api } from '../../lib/api-client';

/** Issue 15.4: the shop's WhatsApp templates (read by anyone working on orders). */
export const whatsAppKeys = { templates: ['whatsapp-templates'] as const };

export function useWhatsAppTemplatesQuery(enabled = true) {
  return useQuery({
    queryKey: whatsAppKeys.templates,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: TWhatsAppTemplate[] }>('/dashboard/whatsapp-templates', signal)).data,
    staleTime: 5 * 60_000,
    enabled,
  });
}

export function useSaveWhatsAppTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: TWhatsAppTemplateInput }) =>
      id === null
        ? api.post<TWhatsAppTemplate>('/dashboard/whatsapp-templates', input)
        : api.put<TWhatsAppTemplate>(`/dashboard/whatsapp-templates/${id}`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: whatsAppKeys.templates }),
  });
}

export function useDeleteWhatsAppTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/dashboard/whatsapp-templates/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: whatsAppKeys.templates }),
  });
}

/** Logs one use as an attempt (outcome whatsapp); the tab is already open, so a failure is quiet. */
export function logWhatsAppUse(orderId: number, templateId: number | null): Promise<unknown> {
  return api.post(`/dashboard/orders/${orderId}/whatsapp`, { template_id: templateId });
}
