// Development: the API with reload on :3000 and Vite with hot reload on :5173 (proxying the API).
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@aleph/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@aleph/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  });
