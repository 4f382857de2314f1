// `npm run dev`: the API on :8787 (restarting on change) and Vite with HMR on :5173, which proxies /api.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'edge/node.ts'], { stdio: 'inherit' }),
  spawn('npx', ['vite', '--config', 'pwa/vite.config.ts'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
