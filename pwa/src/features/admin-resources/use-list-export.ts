import { useState } from 'react';
import { errorMessage } from '../../lib/api-error';
import { WORKBOOK_NOT_MADE } from '../../lib/workbook';
import { toast } from '../../components/toasts';
import { downloadList, type ExportFormat, type ExportQuery } from './list-export';
import type { listParams } from './resource-api';
import type { ResourceConfig } from './types';

/**
 * The list's CSV and Excel export: of the filter (`params` without its page), or of chosen records. The
 * file being made and its step in words; each format's buttons wait only for their own file.
 */
export function useListExport(config: ResourceConfig, params: ReturnType<typeof listParams>) {
  const [exporting, setExporting] = useState<{ format: ExportFormat; step: string } | null>(null);
  const exportList = async (format: ExportFormat, only?: string[]) => {
    setExporting({ format, step: '' });
    try {
      const { page: _page, limit: _limit, ...filters } = params;
      const query = only ? { ids: only.join(',') } : filters;
      await downloadList(config.name, config.title, query as ExportQuery, format, (step) => setExporting({ format, step }));
    } catch (failure) {
      toast.error(errorMessage(failure, failure instanceof Error && failure.message === WORKBOOK_NOT_MADE ? WORKBOOK_NOT_MADE : 'Export failed'));
    } finally {
      setExporting(null);
    }
  };
  return { exporting, exportList };
}

export type ListExport = ReturnType<typeof useListExport>;
