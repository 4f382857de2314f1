/**
 * Compile-time checks of `describeResource` (run by `npm run typecheck`): each `@ts-expect-error` below
 * must stay an error, or the typecheck fails. A description that names something its table lacks does
 * not compile.
 */
import * as z from 'zod/mini';
import type { visitors } from '../../edge/db/tables/people';
import { VISITOR_STATUSES } from './kinds';
import { statusField } from './people-fields';
import { visitorDescription } from './visitors';

const visitorCreateSchema = visitorDescription.createSchema;
import { describeResource } from './describe';

const describeVisitors = describeResource<typeof visitors>();
const valid = {
  name: 'visitors',
  singular: 'visitor',
  staff: 'check-in',
  sortKeys: ['fullName', 'createdAt'],
  fields: visitorDescription.fields,
  createSchema: visitorCreateSchema,
  updateSchema: z.partial(visitorCreateSchema),
  defaultLimit: 20,
} as const;

export const checks = [
  describeVisitors(valid),
  // @ts-expect-error a sort key that is not a column of the table
  describeVisitors({ ...valid, sortKeys: ['fullNme'] }),
  describeVisitors({ ...valid, staff: ['id', 'fullName'] }),
  // @ts-expect-error a column staff may read that the table lacks
  describeVisitors({ ...valid, staff: ['id', 'eventName'] }),
  // @ts-expect-error a default status outside the statuses
  statusField(VISITOR_STATUSES, 'registred'),
  // @ts-expect-error fields without a status field: the statuses and the default status come from it
  describeVisitors({ ...valid, fields: visitorDescription.fields.filter((field) => field.name !== 'status') as readonly [] }),
  // @ts-expect-error an image column the table lacks
  describeVisitors({ ...valid, image: { formField: 'banner', column: 'bannerKey', urlField: 'bannerUrl', label: 'Banner' } }),
  // @ts-expect-error a schema field that is no column (and not declared inputOnly)
  describeVisitors({ ...valid, createSchema: z.object({ ...visitorCreateSchema.shape, nickname: z.string() }) }),
  describeVisitors({ ...valid, createSchema: z.object({ ...visitorCreateSchema.shape, nickname: z.string() }), inputOnly: ['nickname'] }),
];
