import { lazy, Suspense, useState } from 'react';
import type { ResourceConfig } from '../types';

/** The import screen and its file readers are loaded when an organiser opens it, not with the panel. */
const ImportDialog = lazy(() => import('./import-dialog'));

/** "Import" on the list of a resource that can be imported from a file (admins only); opens the import dialog. */
export function ImportButton({ config }: { config: ResourceConfig }) {
  const [open, setOpen] = useState(false);
  if (!config.importable) return null;
  return (
    <>
      <button type="button" className="button button--ghost" onClick={() => setOpen(true)}>
        Import
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ImportDialog config={config} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
