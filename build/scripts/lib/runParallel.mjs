// Runs independent commands at the same time, as many at once as the machine has cores (at
// least two), and reports each one's output whole when it ends, so that interleaved lines never
// hide which check said what. Used by `npm test` for the checks that do not depend on each other
// (the two type checks, lint, the renderer build): each is single-threaded, so one after the
// other they leave a core idle.
//
// Plain JavaScript: it runs before anything is compiled.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

/**
 * Runs every job (`{ name, command, args }`), at most `concurrency` at once, in the order given
 * (longest first keeps the cores busy). Each job's stdout and stderr are collected and written
 * to `out` when it ends, under a line naming it, with its time. Resolves to the names of the
 * jobs that failed (exited non-zero or could not start); all jobs run even when one fails.
 */
export async function runParallel(jobs, { concurrency = Math.max(2, availableParallelism()), out = process.stdout, env = process.env } = {}) {
  const failed = [];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      const result = await runOne(job, env);
      const seconds = (result.ms / 1000).toFixed(1);
      out.write(`\n── ${job.name}: ${result.code === 0 ? 'passed' : `FAILED (${result.error ?? `exit ${result.code}`})`} in ${seconds} s ──\n${result.output}`);
      if (result.code !== 0) failed.push(job.name);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
  return failed;
}

function runOne(job, env) {
  const started = Date.now();
  return new Promise((resolve) => {
    const chunks = [];
    // A shell on Windows only, where npm is npm.cmd.
    const child = spawn(job.command, job.args, { env, shell: process.platform === 'win32', stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => resolve({ code: -1, error: error.message, output: Buffer.concat(chunks).toString(), ms: Date.now() - started }));
    child.on('close', (code, signal) => resolve({ code: code ?? -1, error: signal ? `killed by ${signal}` : undefined, output: Buffer.concat(chunks).toString(), ms: Date.now() - started }));
  });
}
