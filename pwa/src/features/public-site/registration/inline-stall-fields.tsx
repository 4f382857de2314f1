import { EMAIL_LABEL } from '@shared/schemas/vocabulary';
import { InlineField } from './inline-field';
import type { InlineSubmitFlow } from './inline-submit-flow';

/** The stall's fields of the inline form: company, contact person, number, email. */
export function InlineStallFields({ id, flow: { bound } }: { id: string; flow: InlineSubmitFlow }) {
  return (
    <>
      <InlineField id={`${id}-company`} {...bound('companyName')} label="Company / Organization Name" autoComplete="organization" />
      <InlineField id={`${id}-name`} {...bound('contactPersonName')} label="Contact Person Name" autoComplete="name" />
      <InlineField id={`${id}-mobile`} {...bound('mobileNumber')} label="Mobile Number" type="tel" autoComplete="tel-national" />
      <InlineField id={`${id}-email`} {...bound('email')} label={EMAIL_LABEL} type="email" autoComplete="email" required={false} />
    </>
  );
}
