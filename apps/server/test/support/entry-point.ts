import { spawn } from 'node:child_process';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '../..');

/**
 * Runs the real entry point (src/main.ts) until it exits, and collects what an operator would read:
 * start-up problems must end in one clear message on stderr and exit code 1.
 */
export function runEntryPoint(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'never',
        WEB_DIST_DIR: '/nonexistent',
        ...env,
      },
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}
