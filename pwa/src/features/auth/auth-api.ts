import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { readEnvelope } from '../../lib/envelope';
import type { LoginInput } from '@edge/schemas/auth';
import { panelKeys } from '../../lib/resource-keys';

/** `POST /api/auth/login` → `{ success, message, token, user, expiresAt }`; rejects with ApiError. */
function login(input: LoginInput) {
  return readEnvelope(api.api.auth.login.$post({ json: input }));
}

export function useLogin() {
  return useMutation({ mutationKey: ['auth', 'login'], mutationFn: login });
}

/** The signed-in user (`GET /api/auth/me`); a 401 clears the token (see query-client.ts). */
export function meQueryOptions() {
  return queryOptions({
    queryKey: panelKeys.me,
    queryFn: async () => (await readEnvelope(api.api.auth.me.$get())).data,
  });
}
