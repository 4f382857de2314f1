import { deviceHasNetwork } from '@pwa/lib/server-reachability';
import { useMutation } from '@tanstack/react-query';
import type { BaseRecord } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { confirmAction } from '../../components/confirm-host';
import { statusLabel } from '../../components/panel-format';
import { usePanelUser } from '../../components/panel-session';
import { toast } from '../../components/toasts';
import { isNetworkFailure, OFFLINE_NEEDS_NETWORK, writeFailure } from '../../components/offline-words';
import { queueStatusChange, queuesOffline } from './offline-queue';
import { changeStatus, deleteRecord } from './resource-api';
import type { ResourceConfig } from './types';

/**
 * One row's changes from the list: its status (sent, or without a network queued in the door's outbox for
 * people, refused in words for the rest) and its deletion (asked first; offline it says it needs the
 * network). Both reload the list when done.
 */
export function useRowChanges(config: ResourceConfig, reload: () => Promise<unknown>) {
  const user = usePanelUser();
  const queueOffline = async (row: BaseRecord, status: string) => {
    if (!queuesOffline(config.name)) {
      toast.error(OFFLINE_NEEDS_NETWORK);
      return;
    }
    const name = String(row[config.nameKey] ?? '') || config.singular;
    try {
      await queueStatusChange(config.name, row, status, `${name}: ${statusLabel(status)}`, user?.name ?? 'Panel');
      toast('Saved on this device — it will be sent when the network returns');
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : 'Failed to update status');
    }
  };
  const statusMutation = useMutation({
    // Never paused: a request that cannot reach the server queues (people) or says so (others).
    networkMode: 'always',
    mutationFn: ({ row, status }: { row: BaseRecord; status: string }) => changeStatus(config.name, row.id, status, undefined, row.updatedAt),
    onSuccess: (result) => toast.success(result.message || 'Status updated'),
    onError: (failure, { row, status }) => {
      if (isNetworkFailure(failure)) void queueOffline(row, status);
      else toast.error(errorMessage(failure, 'Failed to update status'));
    },
    onSettled: reload,
  });
  const deleteMutation = useMutation({
    // Not paused offline: a deletion is not queued, it says it needs the network.
    networkMode: 'always',
    mutationFn: (id: string) => deleteRecord(config.name, id),
    onSuccess: (result) => toast.success(config.messages.deleted ?? result.message ?? 'Deleted'),
    onError: (failure) =>
      toast.error(writeFailure(failure, config.name === 'enquiries' ? errorMessage(failure, config.messages.deleteFailed) : config.messages.deleteFailed)),
    onSettled: reload,
  });
  return {
    changeStatus: (row: BaseRecord, status: string) => {
      if (!deviceHasNetwork()) void queueOffline(row, status);
      else statusMutation.mutate({ row, status });
    },
    remove: (row: BaseRecord) => {
      void confirmAction({ title: 'Delete record', text: config.messages.confirmDelete, confirmLabel: 'Delete', danger: true }).then(
        (sure) => sure && deleteMutation.mutate(row.id),
      );
    },
  };
}
