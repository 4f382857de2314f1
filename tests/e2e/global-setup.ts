import type { TestProject } from 'vitest/node';
import { startBuiltServer } from '../../scripts/built-server';

/** One server for the whole run, over a fresh database; specs read its address with `inject`. */
export default async function setup(project: TestProject) {
  const server = await startBuiltServer();
  project.provide('baseUrl', server.url);
  project.provide('adminEmail', server.adminEmail);
  project.provide('adminPassword', server.adminPassword);
  return () => server.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminEmail: string;
    adminPassword: string;
  }
}
