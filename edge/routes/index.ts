import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { authRoutes } from './auth';
import { fileRoutes } from './files';
import { healthRoutes } from './health';

/**
 * Every router of the API, mounted under /api. This is the only file that knows them all; its type is
 * the one the PWA's typed `hc` client is built from.
 */
export const apiRoutes = new Hono<AppEnv>()
  .route('/health', healthRoutes)
  .route('/auth', authRoutes)
  .route('/files', fileRoutes);
