import { useId } from 'react';
import { statusLabel } from './panel-format';

/** A list screen's status filter: every status of the list, or all of them (the empty value). */
export function PanelStatusFilter({
  statuses,
  value,
  allLabel,
  onChange,
}: {
  statuses: readonly string[];
  value: string | undefined;
  allLabel: string;
  onChange: (status: string | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Status</label>
      <select id={id} value={value ?? ''} onChange={(event) => onChange(event.currentTarget.value || undefined)}>
        <option value="">{allLabel}</option>
        {statuses.map((status) => (
          <option key={status} value={status}>
            {statusLabel(status)}
          </option>
        ))}
      </select>
    </div>
  );
}
