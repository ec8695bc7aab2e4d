import { spawn } from 'node:child_process';
import { ExtractionFailed } from './types';

export interface ToolRun {
  /** Wall-clock limit; the process (group) is killed with SIGKILL when it passes. */
  timeoutMs: number;
  /** Address-space limit (prlimit --as), in MiB. */
  memoryMiB: number;
  /** At most this many bytes of stdout are kept; more kills the process. */
  maxStdout: number;
  /** Largest file the tool may write (prlimit --fsize), in MiB; 64 unless said. */
  fileMiB?: number;
  signal?: AbortSignal;
  cwd?: string;
}

export interface ToolResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

/** Why a tool run ended early; the extractor turns it into an ExtractionFailed reason. */
export class ToolLimit extends Error {
  constructor(readonly kind: 'timeout' | 'output' | 'aborted' | 'missing') {
    super(kind);
  }
}

const MAX_STDERR = 16 * 1024;

/**
 * Runs `command args` under prlimit (address space, CPU seconds, no core files), with a plain
 * environment (one OpenMP thread for tesseract), killing its process group on timeout, on too
 * much output and on abort. Never throws for a non-zero exit: the caller reads `code` and `stderr`.
 */
export function runTool(command: string, args: string[], run: ToolRun): Promise<ToolResult> {
  const cpuSeconds = Math.max(1, Math.ceil(run.timeoutMs / 1000) + 1);
  const limits = [
    `--as=${run.memoryMiB * 1024 * 1024}`,
    `--cpu=${cpuSeconds}`,
    `--fsize=${(run.fileMiB ?? 64) * 1024 * 1024}`,
    '--core=0',
    '--',
  ];
  return new Promise((resolve, reject) => {
    if (run.signal?.aborted) return reject(new ToolLimit('aborted'));
    const child = spawn('prlimit', [...limits, command, ...args], {
      cwd: run.cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', OMP_THREAD_LIMIT: '1' },
    });
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    let ended: ToolLimit | null = null;
    const kill = (why: ToolLimit) => {
      if (ended) return;
      ended = why;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const timer = setTimeout(() => kill(new ToolLimit('timeout')), run.timeoutMs);
    const onAbort = () => kill(new ToolLimit('aborted'));
    run.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > run.maxStdout) return kill(new ToolLimit('output'));
      out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (err.length < MAX_STDERR) err += chunk.toString('utf8').slice(0, MAX_STDERR - err.length);
    });
    child.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      run.signal?.removeEventListener('abort', onAbort);
      reject(e.code === 'ENOENT' ? new ToolLimit('missing') : e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      run.signal?.removeEventListener('abort', onAbort);
      if (ended) return reject(ended);
      // prlimit itself reports a missing command as exit 1 with "failed to execute".
      if (code !== 0 && /failed to execute/.test(err)) return reject(new ToolLimit('missing'));
      resolve({ code, stdout: Buffer.concat(out), stderr: err });
    });
  });
}

/** A ToolLimit as the reason a person reads. */
export function failureOf(
  err: unknown,
  tool: string,
  limits: { seconds: number; memoryMiB: number },
): ExtractionFailed {
  if (err instanceof ExtractionFailed) return err;
  if (err instanceof ToolLimit) {
    if (err.kind === 'timeout')
      return new ExtractionFailed(
        `Reading the file took too long (${tool} passed the limit of ${limits.seconds} seconds per file)`,
      );
    if (err.kind === 'output') return new ExtractionFailed(`The file produces more output than allowed (${tool})`);
    if (err.kind === 'aborted') return new ExtractionFailed('The extraction was cancelled');
    return new ExtractionFailed(`${tool} is not installed on the server`);
  }
  throw err;
}
