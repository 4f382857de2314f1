import { importSummary } from '@edge/schemas/imports';
import type { ImportField, ImportResult } from './import-rows';
import { problemOf } from './import-fields';

/** Problem rows shown in the preview at most (the counts cover every row). */
const SHOWN_PROBLEMS = 200;

/** The counts of a check or an import, and each skipped row with its problem. */
export function ImportReport({
  result,
  dryRun,
  fields,
  nameOf,
  phoneOf,
}: {
  result: ImportResult;
  dryRun: boolean;
  fields: readonly ImportField[];
  nameOf: (line: number) => string;
  phoneOf: (line: number) => string;
}) {
  const problems = result.rows.filter((row) => row.outcome === 'invalid' || row.outcome === 'duplicate');
  return (
    <div className="import__report">
      <p className="import__summary" role="status">
        {importSummary(result.counts, dryRun)}
      </p>
      {problems.length > 0 ? (
        <>
          <h3 className="import__heading">{dryRun ? 'Rows that will not be imported' : 'Rows not imported'}</h3>
          <div className="import__table-wrap">
            <table className="panel-table import__table">
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Name</th>
                  <th scope="col">Phone</th>
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {problems.slice(0, SHOWN_PROBLEMS).map((row) => (
                  <tr key={row.line} className={`import__row import__row--${row.outcome}`}>
                    <td>{row.line}</td>
                    <td>{nameOf(row.line)}</td>
                    <td>{phoneOf(row.line)}</td>
                    <td>{problemOf(row, fields)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {problems.length > SHOWN_PROBLEMS ? <p className="import__intro">and {(problems.length - SHOWN_PROBLEMS).toLocaleString('en-IN')} more</p> : null}
        </>
      ) : null}
    </div>
  );
}
