import { queryOptions } from '@tanstack/react-query';
import { api, readEnvelope } from '../../lib/api';
import { panelKeys } from '../../lib/resource-keys';
import type { GroupBody } from './group-message-dialog';
import type { LeadMessageState } from './lead-message-search';

/** Requests of one state, oldest first (the server's order), of one event or every event (''). */
export const leadMessagesQueryOptions = (eventId: string, state: LeadMessageState) =>
  queryOptions({
    queryKey: panelKeys.leadMessages(eventId, state),
    queryFn: async () => (await readEnvelope(api.api['lead-messages'].$get({ query: { eventId: eventId || undefined, state } }))).data.items,
  });

export type LeadMessageRequest = Awaited<ReturnType<ReturnType<typeof leadMessagesQueryOptions>['queryFn'] & {}>>[number];

/**
 * Passes a request's message on to its visitor with the organiser's channel and text. The route reads its
 * body only after finding the request (404 before 400), so its typed client takes no `json`: the body goes in `init`.
 */
export async function passOnLeadMessage(id: string, json: GroupBody) {
  const { resource: _resource, ...content } = json as GroupBody & { resource?: string; ids?: string[] };
  const result = await readEnvelope(
    api.api['lead-messages'][':id'].send.$post(
      { param: { id } },
      { init: { body: JSON.stringify({ ...content, ids: undefined }), headers: { 'Content-Type': 'application/json' } } },
    ),
  );
  return { message: result.message, queued: result.data.queued };
}

export const declineLeadMessage = (id: string) => readEnvelope(api.api['lead-messages'][':id'].decline.$post({ param: { id } }));
