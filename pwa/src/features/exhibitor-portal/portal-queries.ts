import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExhibitorStaffInput, SignInInput } from '@edge/schemas/exhibitors';
import { readEnvelope } from '../../lib/envelope';
import { portalApi } from '../../lib/portal-api';
import { portalToken } from '../../lib/portal-token';

/** The portal's reads and writes of its booking, team and leads, over its client (lib/portal-api.ts). */

export const portalKeys = {
  all: ['exhibitor'] as const,
  me: ['exhibitor', 'me'] as const,
  booking: ['exhibitor', 'booking'] as const,
  staff: ['exhibitor', 'staff'] as const,
};

export const meQuery = () => queryOptions({ queryKey: portalKeys.me, queryFn: async () => (await readEnvelope(portalApi.me.$get())).data });
export const bookingQuery = () => queryOptions({ queryKey: portalKeys.booking, queryFn: async () => (await readEnvelope(portalApi.booking.$get())).data });
export const staffQuery = () => queryOptions({ queryKey: portalKeys.staff, queryFn: async () => (await readEnvelope(portalApi.staff.$get())).data.items });

export type PortalBooking = Awaited<ReturnType<ReturnType<typeof bookingQuery>['queryFn'] & {}>>;
export type PortalPerson = Awaited<ReturnType<ReturnType<typeof staffQuery>['queryFn'] & {}>>[number];

export const requestCode = (mobileNumber: string) => readEnvelope(portalApi['sign-in'].code.$post({ json: { mobileNumber } }));
export const signIn = (input: SignInInput) => readEnvelope(portalApi['sign-in'].$post({ json: input }));

export function useAddStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ExhibitorStaffInput) => readEnvelope(portalApi.staff.$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKeys.staff }),
  });
}

export function useRemoveStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => readEnvelope(portalApi.staff[':id'].$delete({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKeys.staff }),
  });
}

/** The owner revokes one of the team's phones (decision 088): it is signed out and wipes its leads. */
export function useRevokePhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => readEnvelope(portalApi.devices[':id'].revoke.$post({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKeys.staff }),
  });
}

/** Ends this phone's session (the server forgets it), then the token here. */
export async function signOut() {
  await readEnvelope(portalApi['sign-out'].$post()).catch(() => undefined);
  portalToken.clear();
}

/** Leads on one page of the Leads screen. */
const LEADS_PAGE_SIZE = 50;

/** One page of the exhibitor's leads, with the owner's follow-up questions. */
export const leadsQuery = (page: number) =>
  queryOptions({
    queryKey: [...portalKeys.all, 'leads', page],
    queryFn: async () => (await readEnvelope(portalApi.leads.$get({ query: { page: String(page), limit: String(LEADS_PAGE_SIZE) } }))).data,
    placeholderData: keepPreviousData,
  });
type LeadPage = Awaited<ReturnType<ReturnType<typeof leadsQuery>['queryFn'] & {}>>;
export type Lead = LeadPage['items'][number];
export type Question = LeadPage['questions'][number];
