// `npm run dev`: the server on an inner port for online play, and Vite's dev server in front
// of it, which serves the app from source (a change shows at once) and passes /api and its
// WebSockets through to the server. Ctrl-C stops both.

import { spawn } from 'node:child_process';

const apiPort = process.env.AGON_DEV_API_PORT ?? '3001';
const env = { ...process.env, AGON_API: `http://127.0.0.1:${apiPort}` };
const children = [
  spawn('npm', ['start', '-w', '@agon/server'], {
    stdio: 'inherit',
    env: { ...env, PORT: apiPort, AGON_DATA: process.env.AGON_DATA ?? 'data-dev' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@agon/web'], { stdio: 'inherit', env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
