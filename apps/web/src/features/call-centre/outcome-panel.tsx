import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AGENT_OUTCOMES, OUTCOME_KEYS, type TCallOutcome } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { useWindowKeyDown } from '../../lib/use-window-keydown';
import { ApiError } from '../../lib/api-client';
import { translatedFieldErrors } from '../../components/forms/use-field-errors';
import { failureMessage, translateServerMessage } from '../../lib/server-message';
import { useLogAttempt } from './call-centre-api';
import { OUTCOME_COLORS } from './call-history';

type TAgentOutcome = Exclude<TCallOutcome, 'whatsapp'>;

/** Outcomes that ask for something first: a call-back time, a cancellation reason. */
const NEEDS_INPUT: readonly TAgentOutcome[] = ['callback', 'cancelled'];

export const outcomeOfKey = (key: string): TAgentOutcome | undefined =>
  (Object.entries(OUTCOME_KEYS) as Array<[TAgentOutcome, string]>).find(([, k]) => k === key)?.[0];

/** The outcome of a digit key, by its character or else its physical key (another layout's digits). */
export const outcomeOfKeyEvent = (event: KeyboardEvent): TAgentOutcome | undefined =>
  outcomeOfKey(event.key) ?? outcomeOfKey(event.code.replace(/^(Digit|Numpad)/, ''));

/** Whether a key press is typing (a field has the focus): one-key actions leave it alone. */
export function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element?.tagName) return false;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName) || element.isContentEditable === true;
}

interface TOutcomePanelProps {
  orderId: number;
  /** 'Y-m-d H:i' the call-back field starts with. */
  callbackSuggestion: string;
  /** An outcome picked before the panel showed (a key on the row). */
  initialOutcome?: TAgentOutcome;
  /** Listen to the digit keys on the whole page (the call dialog; not the status dialog, which has fields). */
  withKeys?: boolean;
  onRecorded?: (outcome: TCallOutcome) => void;
}

/**
 * Issue 15.1: the outcome buttons, each with its key (1 no answer ... 7 cancelled). An outcome
 * that needs nothing is recorded at once; a call-back asks its date-time (Enter records), a
 * cancellation its reason. Not a <form>: it also lives inside the status dialog's form.
 */
export function OutcomePanel({
  orderId,
  callbackSuggestion,
  initialOutcome,
  withKeys,
  onRecorded,
}: TOutcomePanelProps) {
  const { t } = useTranslation();
  const log = useLogAttempt();
  const [pending, setPending] = useState<TAgentOutcome | null>(null);
  const [callbackAt, setCallbackAt] = useState(callbackSuggestion);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const started = useRef(false);

  const record = async (outcome: TAgentOutcome) => {
    if (log.isPending) return;
    try {
      const answer = await log.mutateAsync({
        orderId,
        body: {
          outcome,
          note: note.trim() || null,
          ...(outcome === 'callback' ? { callback_at: callbackAt } : {}),
        },
      });
      void toast(`${translateServerMessage(t, answer)} ${t(`callcentre.outcomes.${outcome}`)}`, {
        variant: 'success',
      });
      setPending(null);
      setNote('');
      setErrors({});
      onRecorded?.(outcome);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setErrors(translatedFieldErrors(t, error));
      }
      void toast(failureMessage(t, error, 'errors.unexpected'), { variant: 'error' });
    }
  };

  const choose = (outcome: TAgentOutcome) => {
    if (NEEDS_INPUT.includes(outcome)) {
      setPending(outcome);
      setErrors({});
      return;
    }
    void record(outcome);
  };

  // A key pressed on the row opens the dialog with its outcome: act on it once.
  useEffect(() => {
    if (started.current || !initialOutcome) return;
    started.current = true;
    choose(initialOutcome);
  });

  useWindowKeyDown((event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.repeat || isTyping(event.target)) return;
    const outcome = outcomeOfKeyEvent(event);
    if (!outcome) return;
    event.preventDefault();
    choose(outcome);
  }, Boolean(withKeys));

  const onFieldKey = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter' && pending) {
      event.preventDefault();
      void record(pending);
    }
    if (event.key === 'Escape' && pending) {
      event.stopPropagation();
      setPending(null);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="outcome-panel">
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' } }}>
        {AGENT_OUTCOMES.map((outcome) => {
          const key = OUTCOME_KEYS[outcome as TAgentOutcome];
          return (
            <Button
              key={outcome}
              size="small"
              variant={pending === outcome ? 'contained' : 'outlined'}
              color={OUTCOME_COLORS[outcome] === 'default' ? 'inherit' : OUTCOME_COLORS[outcome]}
              disabled={log.isPending}
              onClick={() => choose(outcome as TAgentOutcome)}
              data-testid={`outcome-${outcome}`}
              aria-keyshortcuts={key}
              sx={{ justifyContent: 'flex-start', gap: 1, textAlign: 'start' }}
            >
              <Box
                component="kbd"
                sx={{ fontFamily: 'monospace', fontSize: 12, border: 1, borderRadius: 0.5, px: 0.5, opacity: 0.8 }}
              >
                {key}
              </Box>
              {t(`callcentre.outcomes.${outcome}`)}
            </Button>
          );
        })}
      </Box>
      {pending && (
        <Box sx={{ display: 'grid', gap: 1.5, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Typography variant="subtitle2">{t(`callcentre.outcomes.${pending}`)}</Typography>
          {pending === 'callback' && (
            <TextField
              size="small"
              label={t('callcentre.dialog.callback_at')}
              value={callbackAt}
              onChange={(event) => setCallbackAt(event.target.value)}
              onKeyDown={onFieldKey}
              autoFocus
              error={Boolean(errors.callback_at)}
              helperText={errors.callback_at ?? t('callcentre.dialog.callback_help')}
              slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': 'callback-at' } }}
            />
          )}
          <TextField
            size="small"
            label={t(pending === 'cancelled' ? 'callcentre.dialog.reason' : 'callcentre.dialog.note')}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            onKeyDown={onFieldKey}
            autoFocus={pending === 'cancelled'}
            required={pending === 'cancelled'}
            error={Boolean(errors.note)}
            helperText={errors.note}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'attempt-note' } }}
          />
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
            <Button size="small" onClick={() => setPending(null)} disabled={log.isPending}>
              {t('common.cancel')}
            </Button>
            <Button
              size="small"
              variant="contained"
              onClick={() => void record(pending)}
              disabled={log.isPending}
              data-testid="outcome-submit"
            >
              {t('callcentre.dialog.record')}
            </Button>
          </Box>
        </Box>
      )}
    </Box>
  );
}
