import { useState, type FormEvent } from 'react';
import { useMutation, type AnyVariables, type DocumentInput } from 'urql';
import { problemOf, type Problem } from '../errors';

/** A mutation with its problem kept for the form: `run` resolves to the data, or null when it failed. */
export function useAction<Data, Variables extends AnyVariables>(document: DocumentInput<Data, Variables>) {
  const [state, execute] = useMutation<Data, Variables>(document);
  const [problem, setProblem] = useState<Problem | null>(null);
  return {
    busy: state.fetching,
    problem,
    clear: () => setProblem(null),
    run: async (variables: Variables): Promise<Data | null> => {
      const result = await execute(variables, { requestPolicy: 'network-only' });
      const found = problemOf(result.error);
      setProblem(found);
      return found ? null : (result.data ?? null);
    },
  };
}

/**
 * An async handler for a React event attribute, which expects none: the promise runs on its own.
 * What it awaits does not reject (`run` of useAction turns a failed request into a problem to show).
 */
export function eventHandler<E>(handle: (event: E) => Promise<unknown>): (event: E) => void {
  return (event) => void handle(event);
}

/**
 * A form's onSubmit: the browser does not post the form, and `handle` gets the form to read its fields.
 * As with eventHandler, what `handle` awaits does not reject.
 */
export function submitHandler(
  handle: (form: HTMLFormElement) => Promise<unknown>,
): (event: FormEvent<HTMLFormElement>) => void {
  return eventHandler(async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await handle(event.currentTarget);
  });
}
