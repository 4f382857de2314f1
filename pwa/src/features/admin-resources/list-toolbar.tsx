import { type ReactNode, useId } from 'react';
import { EventPicker } from '../../components/event-picker';
import { PanelStatusFilter } from '../../components/panel-status-filter';
import { AnswerFilter } from './answer-filter';
import { ImportButton } from './import/import-button';
import type { ResourceConfig } from './types';
import type { ListExport } from './use-list-export';

/** The list's title and its buttons: Refresh, Possible duplicates, Import, Export CSV/Excel, the screen's own, Add. */
export function ListHeader({
  config,
  isAdmin,
  fetching,
  listExport,
  extra,
  onRefresh,
  onDuplicates,
  onAdd,
}: {
  config: ResourceConfig;
  isAdmin: boolean;
  fetching: boolean;
  listExport: ListExport;
  extra?: ReactNode;
  onRefresh: () => void;
  onDuplicates: () => void;
  onAdd: () => void;
}) {
  const { exporting, exportList } = listExport;
  return (
    <>
      <header className="panel-screen__header">
        <div>
          <h1>{config.title}</h1>
          <p className="panel-muted">{config.subtitle}</p>
        </div>
        <div className="panel-screen__actions">
          <button type="button" className="button button--ghost" onClick={onRefresh} disabled={fetching}>
            <span className={fetching ? 'panel-spin panel-spin--on' : 'panel-spin'} aria-hidden="true">
              ↻
            </span>
            Refresh
          </button>
          {isAdmin && config.findsDuplicates !== false ? (
            <button type="button" className="button button--ghost" onClick={onDuplicates}>
              Possible duplicates
            </button>
          ) : null}
          {isAdmin ? <ImportButton config={config} /> : null}
          {isAdmin ? (
            <>
              <button type="button" className="button button--ghost" onClick={() => void exportList('csv')} disabled={exporting?.format === 'csv'}>
                Export CSV
              </button>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => void exportList('xlsx')}
                disabled={exporting?.format === 'xlsx'}
                title="An Excel workbook (.xlsx) of the same columns"
              >
                Export Excel
              </button>
            </>
          ) : null}
          {extra}
          {isAdmin && config.addLabel ? (
            <button type="button" className="button button--primary" onClick={onAdd}>
              {config.addLabel}
            </button>
          ) : null}
        </div>
      </header>
      {exporting?.step ? (
        <div className="panel-export-progress" role="status">
          <span>{exporting.step}</span>
          <progress aria-label={exporting.step} />
        </div>
      ) : null}
    </>
  );
}

/** The filter: search (typed text, settled into the URL after a pause), event, status and, for visitors, an answer. */
export function ListFilters({
  config,
  q,
  onQ,
  eventId,
  onEvent,
  status,
  onStatus,
  answer,
  onAnswer,
}: {
  config: ResourceConfig;
  q: string;
  onQ: (q: string) => void;
  eventId: string | undefined;
  onEvent: (eventId: string) => void;
  status: string | undefined;
  onStatus: (status: string | undefined) => void;
  answer: string | undefined;
  onAnswer: (answer: string | undefined) => void;
}) {
  const qId = useId();
  return (
    <div className="panel-toolbar">
      <div className="field field--grow">
        <label htmlFor={qId}>Search</label>
        <input id={qId} type="search" value={q} placeholder={config.searchPlaceholder} onChange={(event) => onQ(event.currentTarget.value)} />
      </div>
      {config.eventFilter === false ? null : <EventPicker value={eventId ?? ''} onChange={onEvent} emptyLabel="All events" />}
      <PanelStatusFilter statuses={config.statuses} value={status} allLabel="All statuses" onChange={onStatus} />
      {config.columns.some((column) => column.kind === 'answers') ? <AnswerFilter eventId={eventId} value={answer} onChange={onAnswer} /> : null}
    </div>
  );
}
