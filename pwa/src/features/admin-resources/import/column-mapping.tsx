import type { ImportField, ImportTable } from './import-rows';

/**
 * The import's column mapping: each column of the file, its first row and the field it fills (matched by
 * label when the file was read, changeable; a field chosen for one column leaves the column that had it).
 */
export function ColumnMapping({
  table,
  fileName,
  fields,
  mapping,
  onMapping,
  onCheck,
}: {
  table: ImportTable;
  fileName: string | undefined;
  fields: readonly ImportField[];
  mapping: string[];
  onMapping: (update: (current: string[]) => string[]) => void;
  onCheck: () => void;
}) {
  const mappedFields = new Set(mapping.filter(Boolean));
  return (
    <>
      <h3 className="import__heading">Columns</h3>
      <p className="import__intro">
        {table.rows.length.toLocaleString('en-IN')} rows in {fileName}. Choose the field each column fills; columns set to “Skip” are not imported.
      </p>
      <div className="import__table-wrap">
        <table className="panel-table import__table">
          <thead>
            <tr>
              <th scope="col">Column in file</th>
              <th scope="col">First row</th>
              <th scope="col">Field</th>
            </tr>
          </thead>
          <tbody>
            {table.headers.map((header, column) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a file's column is its position; columns never move
              <tr key={column}>
                <td>{header || `Column ${column + 1}`}</td>
                <td className="import__sample">{table.rows[0]?.[column] ?? ''}</td>
                <td>
                  <select
                    className="panel-input"
                    aria-label={`Field for ${header || `column ${column + 1}`}`}
                    value={mapping[column] ?? ''}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      onMapping((current) => current.map((field, i) => (i === column ? value : field === value && value ? '' : field)));
                    }}
                  >
                    <option value="">Skip</option>
                    {fields.map((field) => (
                      <option key={field.name} value={field.name}>
                        {field.label}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="import__actions">
        <button type="button" className="button button--primary" disabled={mappedFields.size === 0} onClick={() => onCheck()}>
          Check rows
        </button>
      </div>
    </>
  );
}
