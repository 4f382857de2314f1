import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { importSummary, type ImportedRow } from '@edge/schemas/imports';
import { answerField, type RegistrationQuestion } from '@shared/registration-questions';
import { Dialog } from '@pwa/components/dialog';
import { EventPicker } from '@pwa/components/event-picker';
import { startingEventQueryOptions, useEventQuestions } from '@pwa/components/event-queries';
import { toast } from '@pwa/components/toasts';
import { errorMessage, readEnvelope, resourceApi } from '@pwa/lib/api';
import { resourceKeys } from '../resource-api';
import type { ResourceConfig } from '../types';
import {
  autoMap,
  fileImportKey,
  type ImportField,
  type ImportRequestBody,
  type ImportResult,
  type ImportTable,
  importChunks,
  readImportFile,
  runImport,
} from './import-rows';
import './import-dialog.css';

type Step =
  | { name: 'choose' }
  | { name: 'map' }
  | { name: 'checking' | 'importing'; done: number; total: number }
  | { name: 'preview'; result: ImportResult }
  | { name: 'done'; result: ImportResult };

/** Fields of the create schema that are not a column of the file: the event is chosen for the whole file. */
const NOT_FROM_FILE = new Set(['eventId', 'stallSize']);

const humanise = (name: string) => {
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The fields a column can fill: the resource's create schema's fields, each under the label the panel's
 * form gives it (else its list column's, else its name in words); the list column's title, the name in
 * words, the field's own name and its registry aliases also match a header. A visitor's answers are a
 * field per question of the chosen event (`answers.<id>`, headed by the question's words; the server reads
 * the cells' choices by their words).
 */
export function importFields(config: ResourceConfig, questions: readonly RegistrationQuestion[] = []): ImportField[] {
  const shape = (config.createSchema as unknown as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
  return Object.keys(shape)
    .filter((name) => !NOT_FROM_FILE.has(name))
    .flatMap((name): ImportField[] => {
      if (name === 'answers') return questions.map((question) => ({ name: answerField(question.id), label: question.label, aliases: [question.id] }));
      const formField = config.fields.find((field) => field.name === name);
      const columnLabel = config.columns.find((column) => column.key === name)?.label;
      const label = formField?.label ?? columnLabel ?? humanise(name);
      return [{ name, label, aliases: [columnLabel, humanise(name), ...(formField?.aliases ?? [])].filter((alias): alias is string => Boolean(alias)) }];
    });
}

/**
 * What a skipped row's problem is, in the words the server gave, a field named as the column mapping
 * names it ("Working Professional must be one of: …", not "workingProfessional must be one of: …").
 */
export function problemOf(row: ImportedRow, fields: readonly ImportField[]): string {
  if (row.outcome !== 'invalid') return row.message ?? '';
  return Object.entries(row.errors ?? {})
    .map(([name, message]) => {
      const label = fields.find((field) => field.name === name)?.label;
      return label && message.startsWith(`${name} `) ? `${label}${message.slice(name.length)}` : message;
    })
    .join('; ');
}

/** Problem rows shown in the preview at most (the counts cover every row). */
const SHOWN_PROBLEMS = 200;

/**
 * Import of people from a CSV or Excel file: choose the file and event, map its columns onto the form's
 * fields (matched by their labels, changeable), check every row on the server without writing (a preview
 * of errors and duplicates), then import; progress shows as rows sent of all rows.
 */
export default function ImportDialog({ config, onClose }: { config: ResourceConfig; onClose: () => void }) {
  const queryClient = useQueryClient();
  const starting = useQuery(startingEventQueryOptions());
  const [eventId, setEventId] = useState('');
  const questions = useEventQuestions(eventId || undefined);
  const fields = useMemo(() => importFields(config, questions), [config, questions]);
  const [file, setFile] = useState<File | null>(null);
  const [table, setTable] = useState<ImportTable | null>(null);
  const [mapping, setMapping] = useState<string[]>([]);
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [error, setError] = useState('');
  /** The name of the file being read (a 10,000-row workbook takes a few seconds). */
  const [reading, setReading] = useState('');
  const fileId = useId();
  const busy = step.name === 'checking' || step.name === 'importing' || reading !== '';

  // The featured event is preselected, as in the forms.
  useEffect(() => {
    if (!eventId && starting.data?.isFeatured) setEventId(starting.data.id);
  }, [eventId, starting.data]);

  const chooseFile = async (chosen: File | undefined) => {
    setError('');
    setFile(chosen ?? null);
    if (!chosen) return;
    setReading(chosen.name);
    try {
      const read = await readImportFile(chosen);
      setTable(read);
      setMapping(autoMap(read.headers, fields));
      setStep({ name: 'map' });
    } catch (failure) {
      setTable(null);
      setStep({ name: 'choose' });
      setError(failure instanceof Error && failure.message ? failure.message : 'This file could not be read');
    } finally {
      setReading('');
    }
  };

  const send = async (body: ImportRequestBody) => (await readEnvelope(resourceApi(config.name).import.$post({ json: body }))).data;

  const run = async (dryRun: boolean) => {
    if (!file || !table) return;
    setError('');
    const chunks = importChunks(table, mapping);
    const importKey = await fileImportKey(file);
    const progress = (done: number, total: number) => setStep({ name: dryRun ? 'checking' : 'importing', done, total });
    try {
      const result = await runImport({ chunks, importKey, dryRun, eventId: eventId || undefined, send, onProgress: progress });
      if (dryRun) {
        setStep({ name: 'preview', result });
      } else {
        setStep({ name: 'done', result });
        toast.success(importSummary(result.counts, false));
        await queryClient.invalidateQueries({ queryKey: resourceKeys.all(config.name) });
      }
    } catch (failure) {
      setError(errorMessage(failure, dryRun ? 'Failed to check the file. Please try again.' : 'Failed to import the file. Please try again.'));
      setStep(dryRun ? { name: 'map' } : { name: 'preview', result: (step as { result: ImportResult }).result });
    }
  };

  const cellsByLine = useMemo(() => new Map((table?.rows ?? []).map((cells, i) => [i + 2, cells])), [table]);
  const cellOf = (line: number, field: string) => {
    const column = mapping.indexOf(field);
    return column < 0 ? '' : (cellsByLine.get(line)?.[column] ?? '');
  };
  const mappedFields = new Set(mapping.filter(Boolean));

  return (
    <Dialog placement="sheet" width={860} title={`Import ${config.title}`} onClose={busy ? () => undefined : onClose} closeOnBackdrop={!file}>
      <div className="import">
        {step.name === 'choose' || step.name === 'map' ? (
          <div className="import__choose">
            <p className="import__intro">A CSV or Excel (.xlsx) file whose first row holds the column names. Every row is checked before anything is saved.</p>
            <div className="field">
              <label htmlFor={fileId}>File</label>
              <input
                id={fileId}
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={(event) => void chooseFile(event.currentTarget.files?.[0])}
                disabled={reading !== ''}
              />
            </div>
            {reading ? (
              <div className="import__progress" role="status">
                <label htmlFor={`${fileId}-reading`}>Reading {reading}…</label>
                <progress id={`${fileId}-reading`} />
              </div>
            ) : null}
            <EventPicker value={eventId} onChange={setEventId} required={config.name === 'awardeesvip'} emptyLabel="Select an event" />
          </div>
        ) : null}

        {error ? (
          <p className="import__error" role="alert">
            {error}
          </p>
        ) : null}

        {step.name === 'map' && table ? (
          <>
            <h3 className="import__heading">Columns</h3>
            <p className="import__intro">
              {table.rows.length.toLocaleString('en-IN')} rows in {file?.name}. Choose the field each column fills; columns set to “Skip” are not imported.
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
                            setMapping((current) => current.map((field, i) => (i === column ? value : field === value && value ? '' : field)));
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
              <button type="button" className="button button--primary" disabled={mappedFields.size === 0} onClick={() => void run(true)}>
                Check rows
              </button>
            </div>
          </>
        ) : null}

        {step.name === 'checking' || step.name === 'importing' ? (
          <div className="import__progress">
            <label htmlFor={`${fileId}-progress`}>
              {step.name === 'checking' ? 'Checking' : 'Importing'} rows: {step.done.toLocaleString('en-IN')} of {step.total.toLocaleString('en-IN')}
            </label>
            <progress id={`${fileId}-progress`} max={step.total} value={step.done} />
          </div>
        ) : null}

        {step.name === 'preview' || step.name === 'done' ? (
          <ImportReport
            result={step.result}
            dryRun={step.name === 'preview'}
            fields={fields}
            nameOf={(line) => cellOf(line, config.nameKey) || cellOf(line, fields[0]?.name ?? '')}
            phoneOf={(line) => cellOf(line, 'mobileNumber')}
          />
        ) : null}

        {step.name === 'preview' ? (
          <div className="import__actions">
            <button type="button" className="button button--ghost" onClick={() => setStep({ name: 'map' })}>
              Back to columns
            </button>
            <button type="button" className="button button--primary" disabled={step.result.counts.new === 0} onClick={() => void run(false)}>
              Import {step.result.counts.new.toLocaleString('en-IN')} {step.result.counts.new === 1 ? 'row' : 'rows'}
            </button>
          </div>
        ) : null}
        {step.name === 'done' ? (
          <div className="import__actions">
            <button type="button" className="button button--primary" onClick={onClose}>
              Done
            </button>
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}

/** The counts of a check or an import, and each skipped row with its problem. */
function ImportReport({
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
