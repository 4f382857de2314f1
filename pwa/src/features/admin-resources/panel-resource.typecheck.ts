/**
 * Compile-time check of `panelResource` (run by `npm run typecheck`): a column may sort only by one of
 * its description's sort keys; the `@ts-expect-error` must stay an error, or the typecheck fails.
 */
import { visitorDescription } from '@shared/resources/visitors';
import { visitorsConfig } from './resources/visitors';
import { panelResource } from './types';

export const checks = [
  panelResource(visitorDescription, { ...visitorsConfig, columns: [{ key: 'fullName', label: 'Name', sort: 'fullName' }] }),
  // @ts-expect-error `email` is not among the visitors' sort keys: the API would answer 400
  panelResource(visitorDescription, { ...visitorsConfig, columns: [{ key: 'email', label: 'Email', sort: 'email' }] }),
];
