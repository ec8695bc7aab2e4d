import { useTranslation } from 'react-i18next';
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { fieldError, unplacedErrors, type Problem } from '../errors';
import { ErrorBox } from './feedback';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> & {
  name: string;
  label: string;
  problem: Problem | null;
  hint?: ReactNode;
};

/** A labelled input with the server's message for it (VALIDATION_FAILED details) right under it. */
export function TextField({ label, name, problem, hint, ...input }: InputProps) {
  const id = useId();
  const error = fieldError(problem, name);
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {hint && (
        <small id={`${id}-hint`} className="hint">
          {hint}
        </small>
      )}
      {error && (
        <small id={`${id}-error`} className="field-error">
          {error}
        </small>
      )}
    </div>
  );
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'> & {
  name: string;
  label: string;
  problem: Problem | null;
};

/** A labelled multi-line text with the server's message for it right under it. */
export function TextAreaField({ label, name, problem, ...textarea }: TextAreaProps) {
  const id = useId();
  const error = fieldError(problem, name);
  return (
    <div className={`field${error ? ' invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...textarea}
      />
      {error && (
        <small id={`${id}-error`} className="field-error">
          {error}
        </small>
      )}
    </div>
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name'> & {
  name: string;
  label: string;
  problem: Problem | null;
  options: readonly { value: string; label: string }[];
};

/** The options of a select from labels keyed by a generated enum type: every value of the enum has one. */
export function optionsOf<T extends string>(labels: Record<T, string>): { value: T; label: string }[] {
  return (Object.keys(labels) as T[]).map((value) => ({ value, label: labels[value] }));
}

export function SelectField({ label, name, problem, options, ...select }: SelectProps) {
  const id = useId();
  const error = fieldError(problem, name);
  return (
    <div className={`field${error ? ' invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <small id={`${id}-error`} className="field-error">
          {error}
        </small>
      )}
    </div>
  );
}

export function CheckboxField({ label, name, problem, ...input }: InputProps) {
  const id = useId();
  const error = fieldError(problem, name);
  return (
    <div className={`field checkbox${error ? ' invalid' : ''}`}>
      <input id={id} type="checkbox" name={name} aria-describedby={error ? `${id}-error` : undefined} {...input} />
      <label htmlFor={id}>{label}</label>
      {error && (
        <small id={`${id}-error`} className="field-error">
          {error}
        </small>
      )}
    </div>
  );
}

/** The form's own error: the message, plus any field message no field of this form shows. */
export function FormError({ problem, fields }: { problem: Problem | null; fields: readonly string[] }) {
  return <ErrorBox problem={problem} extra={unplacedErrors(problem, fields)} />;
}

export function formText(form: HTMLFormElement, name: string): string {
  const value = new FormData(form).get(name);
  return typeof value === 'string' ? value : '';
}

/** A text field of the form, or null when left blank (the server then clears it). */
export function optionalText(form: HTMLFormElement, name: string): string | null {
  return formText(form, name).trim() || null;
}

/** A list typed one per line (redirect URIs), blank lines dropped. */
export function lines(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

/** The buttons of an edit form: Save submits it, Cancel leaves it without a request. */
export function SaveOrCancel({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="actions">
      <button type="submit" className="primary" disabled={busy}>
        {t('actions.save')}
      </button>
      <button type="button" onClick={onCancel}>
        {t('actions.cancel')}
      </button>
    </div>
  );
}
