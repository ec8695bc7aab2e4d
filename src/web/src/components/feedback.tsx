import type { ReactNode } from 'react';
import type { Problem } from '../errors';

/** The server's message for what failed; `role="alert"` so a screen reader hears it at once. */
export function ErrorBox({ problem, extra = [] }: { problem: Problem | null; extra?: string[] }) {
  if (!problem) return null;
  return (
    <div className="error-box" role="alert">
      <p>{problem.message}</p>
      {extra.length > 0 && (
        <ul>
          {extra.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function Notice({ children }: { children: ReactNode }) {
  return (
    <p className="notice" role="status">
      {children}
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="empty">{children}</p>;
}

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="page-header">
      <h1>{title}</h1>
      {children}
    </header>
  );
}
