import { useEffect, useId, useState } from 'react';

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const IMAGE_TOO_LARGE = 'File size too large. Maximum size is 5MB.';
const NOT_AN_IMAGE = 'Please select an image file';

/** Checks a chosen file before it is sent: an image, at most 5 MB. Answers the message, or null. */
function checkImage(file: File): string | null {
  if (!file.type.startsWith('image/')) return NOT_AN_IMAGE;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_TOO_LARGE;
  return null;
}

/**
 * An image picker with a preview (the current image when editing, the chosen file otherwise). A file that
 * is not an image or is over 5 MB is refused with its message under the field, until a good one is chosen.
 */
export function PanelImageField({
  label,
  currentUrl,
  file,
  onChange,
}: {
  label: string;
  currentUrl?: string | null | undefined;
  file: File | null;
  onChange: (file: File | null) => void;
}) {
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const shown = preview ?? currentUrl ?? null;

  return (
    <div className="field field--full">
      <label htmlFor={id}>{label}</label>
      <div className="panel-image-field">
        {shown ? <img src={shown} alt={`${label} preview`} className="panel-image-field__preview" /> : null}
        <input
          id={id}
          type="file"
          accept="image/*"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error ${id}-hint` : `${id}-hint`}
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0] ?? null;
            const refused = chosen ? checkImage(chosen) : null;
            setProblem(refused);
            if (refused) event.currentTarget.value = '';
            onChange(refused ? null : chosen);
          }}
        />
        {file ? (
          <button type="button" className="button button--ghost button--small" onClick={() => onChange(null)}>
            Remove
          </button>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="field__hint">
        Images only, up to 5MB.
      </p>
      {problem ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
