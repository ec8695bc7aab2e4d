import { useEffect, useState } from 'react';

/** `value` once it has stopped changing for `ms` (a live preview asks the server only then), and whether it has. */
export function useSettled<T>(value: T, ms = 300): { settled: T; pending: boolean } {
  const key = JSON.stringify(value);
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return { settled: JSON.parse(settled) as T, pending: settled !== key };
}
