/**
 * Compile-time checks of `panelResource` (run by `npm run typecheck`): a column may sort only by one of
 * its description's sort keys, and a form field or a column names a field of the resource; each
 * `@ts-expect-error` must stay an error, or the typecheck fails.
 */
import { speakerDescription } from '@shared/resources/speakers';
import { visitorDescription } from '@shared/resources/visitors';
import { speakersConfig } from './resources/speakers';
import { visitorsConfig } from './resources/visitors';
import { panelResource } from './types';

const { fields: _fields, columns: _columns, ...visitorScreen } = visitorsConfig;
const screen = { ...visitorScreen, fields: [{ name: 'fullName' as const, label: 'Name', type: 'text' as const }] };

export const checks = [
  panelResource(visitorDescription, { ...screen, columns: [{ key: 'fullName', label: 'Name', sort: 'fullName' }] }),
  // @ts-expect-error `email` is not among the visitors' sort keys: the API would answer 400
  panelResource(visitorDescription, { ...screen, columns: [{ key: 'email', label: 'Email', sort: 'email' }] }),
  // @ts-expect-error a column of something visitors do not have
  panelResource(visitorDescription, { ...screen, columns: [{ key: 'fulName', label: 'Name' }] }),
  // @ts-expect-error a form field visitors do not have: the schema would drop its value
  panelResource(visitorDescription, { ...screen, columns: [], fields: [{ name: 'fulName', label: 'Name', type: 'text' }] }),
  // A form-only input, declared: `toPayload` maps it onto a field.
  panelResource(visitorDescription, { ...screen, columns: [], notFields: ['nickname'], fields: [{ name: 'nickname', label: 'Nickname', type: 'text' }] }),
  // Speakers' form and list come from their registry fields; a screen that still names fields names theirs.
  panelResource(speakerDescription, { ...speakersConfig, fields: undefined, columns: undefined }),
  // @ts-expect-error a form field speakers do not have
  panelResource(speakerDescription, { ...speakersConfig, fields: [{ name: 'linkedin', label: 'LinkedIn', type: 'url' }], columns: undefined }),
];
