// Bundles the Node entry (edge/node.ts) into dist/server/node.js. Packages stay external: libsql loads
// its native binding with a dynamic require that a full bundle breaks (see ../shared/stack-notes.md).
import { build } from 'esbuild';

await build({
  entryPoints: ['edge/node.ts'],
  outfile: 'dist/server/node.js',
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('Built dist/server/node.js');
