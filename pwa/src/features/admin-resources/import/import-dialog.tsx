import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { importSummary } from '@edge/schemas/imports';
import { Dialog } from '@pwa/components/dialog';
import { EventPicker } from '@pwa/components/event-picker';
import { startingEventQueryOptions, useEventQuestions } from '@pwa/components/event-queries';
import { toast } from '@pwa/components/toasts';
import { errorMessage, readEnvelope, resourceApi } from '@pwa/lib/api';
import { resourceKeys } from '../resource-api';
import type { ResourceConfig } from '../types';
import { autoMap, fileImportKey, type ImportRequestBody, type ImportResult, type ImportTable, importChunks, readImportFile, runImport } from './import-rows';
import './import-dialog.css';
import { ColumnMapping } from './column-mapping';
import { importFields } from './import-fields';
import { ImportReport } from './import-report';

type Step =
  | { name: 'choose' }
  | { name: 'map' }
  | { name: 'checking' | 'importing'; done: number; total: number }
  | { name: 'preview'; result: ImportResult }
  | { name: 'done'; result: ImportResult };

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
          <ColumnMapping table={table} fileName={file?.name} fields={fields} mapping={mapping} onMapping={setMapping} onCheck={() => void run(true)} />
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
