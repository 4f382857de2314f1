import { tokenStore } from './auth-token';

/**
 * The exhibitor portal's sign-in token (decision 081): its own key, so a phone signed in to the portal and
 * a tablet signed in to the panel never sign each other out. Kept apart from the portal's client (portal-api.ts)
 * so the route guard (routes/exhibitor/route.tsx) loads nothing more.
 */
export const portalToken = tokenStore('eventpro.exhibitor-token');
