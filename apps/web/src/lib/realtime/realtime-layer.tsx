import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { pagePropsKeys } from '../query-keys';
import { getAccessToken } from '../storage';
import { toast } from '../toast';
import { track } from '../usage-tracker';
import { useUserData } from '../use-session';
import { RealtimeConnection } from './connection';
import { realtimeHub } from './hub';
import {
  batchOf,
  coalesce,
  isStatusChange,
  mergeBatches,
  newOrderMessage,
  NEW_ORDER_TOAST_MS,
  notificationMessage,
  NOTIFICATION_TOAST_MS,
  statusMessage,
  STATUS_TOAST_MS,
  type TOrderBatch,
} from './live-messages';
import { addNotification } from './notifications-store';
import { playNewOrderSound } from './sound';
import { useRealtimeReconnect } from './use-realtime';

const isVisible = () => document.visibilityState === 'visible';
// Events of one burst (an import's chunks, a bulk update) within this window make one toast.
const COALESCE_MS = 400;

/** The signed-in user's live connection, presence reports, toasts and sound (issue 7). */
export default function RealtimeLayer() {
  const userId = useUserData()?.id ?? null;
  useConnection(userId);
  useLiveToasts();
  usePageTracking();
  return null;
}

function useConnection(userId: number | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === null) return;
    const connection = new RealtimeConnection({ getToken: getAccessToken, isVisible });
    connection.start();
    // SPEC 4: online when the tab becomes visible, offline when hidden.
    const onVisibility = () => connection.reportVisibility(isVisible());
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      connection.stop();
    };
  }, [userId]);
  // Catch up after a drop: page props (low-stock alerts) may have changed meanwhile.
  useRealtimeReconnect(() => void queryClient.invalidateQueries({ queryKey: pagePropsKeys.all }));
}

function useLiveToasts(): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const latest = useRef({ t, queryClient });
  useEffect(() => {
    latest.current = { t, queryClient };
  });

  useEffect(() => {
    const say = (message: string | null, autoHideDuration: number) => {
      if (message) void toast(message, { variant: 'info', autoHideDuration });
    };
    const created = coalesce<TOrderBatch>(COALESCE_MS, (batches) => {
      say(newOrderMessage(latest.current.t, mergeBatches(batches)), NEW_ORDER_TOAST_MS);
      playNewOrderSound();
    });
    const updated = coalesce<TOrderBatch>(COALESCE_MS, (batches) =>
      say(statusMessage(latest.current.t, mergeBatches(batches)), STATUS_TOAST_MS),
    );
    const stops = [
      realtimeHub.on('OrderCreated', (payload) => created.push(batchOf(payload))),
      realtimeHub.on('OrderStatusUpdated', (payload) => {
        if (isStatusChange(payload)) updated.push(batchOf(payload));
      }),
      realtimeHub.on('Notification', (payload) => {
        addNotification(payload);
        say(notificationMessage(latest.current.t, payload), NOTIFICATION_TOAST_MS);
        void latest.current.queryClient.invalidateQueries({ queryKey: pagePropsKeys.all });
      }),
    ];
    return () => {
      stops.forEach((stop) => stop());
      created.cancel();
      updated.cancel();
    };
  }, []);
}

/** SPEC 7 usage tracking: the first page of the session, then every navigation. */
function usePageTracking(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    track(first.current ? 'page_visited' : 'page_navigated', { path: pathname });
    first.current = false;
  }, [pathname]);
}
