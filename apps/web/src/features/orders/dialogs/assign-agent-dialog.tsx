import { useState } from 'react';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ORDER_ACTION_MESSAGES } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { usePresence } from '../../../lib/realtime/presence';
import { PresenceDot } from '../../../lib/realtime/presence-dot';
import { announceResult } from '../../../lib/announce-result';
import { FormDialog } from '../../../components/ops-kit/form-dialog';
import { useAgentsQuery, useAssignAgent } from '../orders-api';
import { translateServerMessage } from '../../../lib/server-message';

interface TAssignAgentDialogProps {
  orderIds: readonly number[];
  /** The current agent when one order is reassigned. */
  currentAgentId?: number | null;
  onClose: () => void;
  onDone: () => void;
}

/** SPEC 2.4 assign to agent: the dialog needs an agent (SPEC 5) and at least one order. */
export function AssignAgentDialog({ orderIds, currentAgentId = null, onClose, onDone }: TAssignAgentDialogProps) {
  const { t } = useTranslation();
  const agents = useAgentsQuery();
  const presence = usePresence();
  const assign = useAssignAgent();
  const [agentId, setAgentId] = useState<number | ''>(currentAgentId ?? '');
  const [submitted, setSubmitted] = useState(false);
  const agentError = submitted && agentId === '' ? ORDER_ACTION_MESSAGES.agentRequired : undefined;
  const ordersError = orderIds.length === 0 ? ORDER_ACTION_MESSAGES.ordersRequired : undefined;

  const submit = async () => {
    setSubmitted(true);
    if (agentId === '' || ordersError) return;
    const body = { agent_id: agentId, order_ids: [...orderIds] };
    // SPEC 9: assignment error toasts stay 5 s.
    const done = await announceResult(t, () => assign.mutateAsync(body), {
      failureKey: 'orders.messages.bulk_failed',
      failureDuration: 5000,
    });
    if (done) onDone();
  };

  return (
    <FormDialog
      onClose={onClose}
      busy={assign.isPending}
      maxWidth="xs"
      title={t('orders.assign_agent.title')}
      testId="assign-agent-dialog"
      onSave={submit}
      submitLabel={t('orders.assign_agent.submit')}
    >
      <Alert severity={ordersError ? 'error' : 'info'}>
        {ordersError ? translateServerMessage(t, ordersError) : t('orders.bulk.selected', { count: orderIds.length })}
      </Alert>
      <TextField
        select
        required
        label={t('orders.assign_agent.agent')}
        value={agentId}
        onChange={(event) => setAgentId(Number(event.target.value))}
        error={Boolean(agentError)}
        helperText={translateServerMessage(t, agentError)}
      >
        {(agents.data?.data ?? []).map((agent) => (
          <MenuItem key={agent.id} value={agent.id} data-online={presence.get(agent.id)?.online ?? false}>
            <PresenceDot presence={presence.get(agent.id)} />
            {agent.name}
            {agent.role && ` · ${agent.role}`}
          </MenuItem>
        ))}
      </TextField>
    </FormDialog>
  );
}
