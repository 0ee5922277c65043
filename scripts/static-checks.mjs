/**
 * `npm test`'s first step: the type check and the lint side by side. Each runs on one core, so on two cores the pair
 * takes as long as the type check alone. Each one's output is printed whole when it ends (never interleaved); the
 * step fails when either fails.
 */
import { spawn } from 'node:child_process';

const checks = [
  { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
];

function run({ name, command, args }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`--- ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(checks.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
