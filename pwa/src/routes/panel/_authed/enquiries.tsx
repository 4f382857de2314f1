import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import type { BaseRecord } from '@pwa/lib/api';
import { listSearchSchema, prefetchList } from '@pwa/features/admin-resources/list-search';
import { ResourceScreen } from '@pwa/features/admin-resources/resource-list';
import { enquiriesConfig } from '@pwa/features/admin-resources/resources/enquiries';
import { EnquiryStatusPanel } from '@pwa/features/enquiries/enquiry-status-panel';

export const Route = createFileRoute('/panel/_authed/enquiries')({
  validateSearch: listSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void prefetchList(context.queryClient, 'enquiries', deps),
  component: Enquiries,
});

/** The common list (search, Refresh, table, delete) plus the enquiry's own status panel. */
function Enquiries() {
  const [selected, setSelected] = useState<BaseRecord | null>(null);
  return (
    <ResourceScreen config={enquiriesConfig} rowAction={{ label: 'Update Status', onClick: setSelected }}>
      <EnquiryStatusPanel enquiry={selected} words={enquiriesConfig} onClose={() => setSelected(null)} />
    </ResourceScreen>
  );
}
