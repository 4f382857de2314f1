import { apiClient } from './api-client';
import { portalToken } from './portal-token';

/**
 * The exhibitor portal's client (decision 081): the app's one typed client (api-client.ts) over
 * `/api/exhibitor`, with the portal's token. Every portal screen (features/exhibitor-portal, the leads'
 * features/exhibitor-leads) calls its routes through it.
 */
export const portalApi = apiClient({ token: portalToken.get, timeoutMs: 15_000 }).api.exhibitor;
