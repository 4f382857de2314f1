import { useEffect } from 'react';
import { useSchemaForm } from '../../components/form/schema-form';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { StandardSchemaV1 } from '@standard-schema/spec';

/**
 * A Settings card's form over its stored values. Newer stored values (a refetch, another organiser's save)
 * replace the fields only while nothing typed here is unsaved: what the organiser is typing is never thrown away.
 */
export function useSavedSettingsForm<Input extends FieldValues, Output>(schema: StandardSchemaV1<Input, Output>, saved: DefaultValues<Input>) {
  const form = useSchemaForm(schema, saved);
  const savedKey = JSON.stringify(saved);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `savedKey` stands for `saved`'s content
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(saved);
  }, [savedKey]);
  return form;
}
