import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { fieldError, type Problem } from '../../errors';
import { LOW_CONFIDENCE, formatConfidence } from './labels';

export interface Reading {
  value: string;
  confidence: number;
}

/** How sure the reading is, in words: a field below LOW_CONFIDENCE is marked for a person to check. */
export function readingNote(
  t: TFunction<'inbox'>,
  reading: Reading | null | undefined,
): { low: boolean; text: string } {
  if (!reading) return { low: true, text: t('reading.notFound') };
  const low = reading.confidence < LOW_CONFIDENCE;
  const confidence = formatConfidence(reading.confidence);
  return { low, text: low ? t('reading.check', { confidence }) : t('reading.read', { confidence }) };
}

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> & {
  name: string;
  label: string;
  reading: Reading | null | undefined;
  problem: Problem | null;
  extra?: ReactNode;
};

/** A field of the draft cost: the extracted value to correct, its confidence, and the server's message for it. */
export function ReviewField({ name, label, reading, problem, extra, ...input }: Props) {
  const { t } = useTranslation('inbox');
  const id = useId();
  const note = readingNote(t, reading);
  const error = fieldError(problem, name);
  return (
    <div
      className={`field${note.low ? ' low-confidence' : ''}${error ? ' invalid' : ''}`}
      data-testid={`review-${name}`}
      data-low-confidence={note.low ? 'true' : undefined}
    >
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        defaultValue={reading?.value ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-note${error ? ` ${id}-error` : ''}`}
        {...input}
      />
      <small id={`${id}-note`} className="confidence">
        {note.text}
        {extra}
      </small>
      {error && (
        <small id={`${id}-error`} className="field-error">
          {error}
        </small>
      )}
    </div>
  );
}
