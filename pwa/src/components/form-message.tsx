/**
 * A form's outcome line: an error is an alert (read out at once), a success a status. Nothing when the
 * text is empty, so a form writes `<FormMessage kind="error" text={error} />` and is done.
 */
export function FormMessage({ kind, text, id }: { kind: 'error' | 'success'; text: string | null | undefined; id?: string }) {
  if (!text) return null;
  return (
    <p id={id} className={`form-message form-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {text}
    </p>
  );
}
