import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { BENCH_DIR } from './config';

export type HelloWorld = { url: string; process: ChildProcess; stop: () => Promise<void> };

/** Starts the bare Fastify hello-world (hello-world-server.ts) in its own process and waits until it answers. */
export async function startHelloWorld(port: number): Promise<HelloWorld> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(BENCH_DIR, 'lib/hello-world-server.ts'), String(port)], {
    cwd: BENCH_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the hello-world exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return { url, process: child, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error('the hello-world did not answer within 30 s');
}
