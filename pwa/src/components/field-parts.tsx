/**
 * The pieces every labelled field of the app is made of, written once: the label with its required mark,
 * and the message under the control. Used by the form fields (form/fields.tsx) and the event picker; kept
 * in the panel's first-load chunk (vite.config.ts) because the dashboard's picker needs it.
 */

/** The visible "*" of a required field (the control itself says `aria-required`). */
export function RequiredMark({ required }: { required?: boolean | undefined }) {
  return required ? (
    <span className="field__required" aria-hidden="true">
      {' '}
      *
    </span>
  ) : null;
}

export function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean | undefined }) {
  return (
    <label htmlFor={htmlFor}>
      {label}
      <RequiredMark required={required} />
    </label>
  );
}

/** The field's message, announced, with the id its control's `aria-describedby` names. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="field__error" role="alert">
      {message}
    </p>
  ) : null;
}
