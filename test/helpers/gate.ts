/** A promise a test opens (or fails) when it chooses: holds a handler mid-work. */
export interface Gate {
  wait: Promise<void>;
  open(): void;
  fail(): void;
}

export function gate(): Gate {
  let open!: () => void;
  let fail!: () => void;
  const wait = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = () => reject(new Error('the process died'));
  });
  return { wait, open, fail };
}

/** Resolves once `check` holds, polling every 50 ms; throws after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
