import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useQuery } from 'urql';
import { submitHandler, useAction } from './action';
import { Notice } from './feedback';
import { CheckboxField, FormError, SelectField, TextField, formText } from './form';
import { problemOf } from '../errors';
import { CreateSavedViewDocument, SavedViewsDocument } from './saved-views-operations';

/** A saved view as a list page applies it: its id (the list's `view`), filters and sort. */
export interface ChosenView {
  id: string;
  /** A JSON object (GraphQL's JSONObject): the list's query parameters. */
  filters: unknown;
  sort: string | null;
}

/**
 * The list's filter values a view holds, over `defaults`: each key of `defaults` takes the view's
 * value when it has that key's type (a query string's "true"/"false" counts as a boolean).
 */
export function viewFilters<T extends { [K in keyof T]: string | boolean }>(defaults: T, view: ChosenView | null): T {
  const given = (view?.filters ?? {}) as Record<string, unknown>;
  const out: Record<string, string | boolean> = { ...defaults };
  for (const [key, fallback] of Object.entries(defaults)) {
    const value = given[key];
    if (typeof fallback === 'boolean' && (value === 'true' || value === 'false')) out[key] = value === 'true';
    else if (typeof value === typeof fallback) out[key] = value as string | boolean;
  }
  return out as T;
}

/** The filters worth saving: the ones set (no empty strings, nulls or undefined). */
function setFilters(filters: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '' && v !== null && v !== undefined));
}

/**
 * The saved views of a list: choosing one hands it to the page (which refetches with `view`), and
 * "Save view" keeps the page's current filters under a name, for the person or the whole company.
 */
export function SavedViews({
  resource,
  filters,
  chosen,
  onChoose,
}: {
  resource: string;
  /** The list's current filters, as its query parameters. */
  filters: Record<string, unknown>;
  chosen: string | null;
  onChoose: (view: ChosenView | null) => void;
}) {
  const [{ data, error }, refetch] = useQuery({ query: SavedViewsDocument, variables: { resource } });
  const create = useAction(CreateSavedViewDocument);
  const { t } = useTranslation();
  const [saved, setSaved] = useState<string | null>(null);
  const views = data?.savedViews.data ?? [];
  return (
    <div className="saved-views">
      <SelectField
        label={t('savedViews.label')}
        name="savedView"
        problem={problemOf(error)}
        value={chosen ?? ''}
        onChange={(e) => onChoose(views.find((v) => v.id === e.target.value) ?? null)}
        options={[
          { value: '', label: t('savedViews.none') },
          ...views.map((v) => ({ value: v.id, label: v.shared ? t('savedViews.shared', { name: v.name }) : v.name })),
        ]}
      />
      <details className="create">
        <summary>{t('savedViews.save')}</summary>
        <form
          className="stack-form"
          aria-label={t('savedViews.save')}
          onSubmit={submitHandler(async (form) => {
            const done = await create.run({
              input: {
                name: formText(form, 'name'),
                resource,
                filters: setFilters(filters),
                shared: (form.elements.namedItem('shared') as HTMLInputElement).checked,
              },
            });
            if (!done) return;
            form.reset();
            setSaved(done.createSavedView.name);
            refetch({ requestPolicy: 'network-only' });
            onChoose(done.createSavedView);
          })}
        >
          <FormError problem={create.problem} fields={['name', 'shared']} />
          <TextField label={t('savedViews.name')} name="name" problem={create.problem} required maxLength={100} />
          <CheckboxField label={t('savedViews.sharedField')} name="shared" problem={create.problem} />
          <button type="submit" className="primary" disabled={create.busy}>
            {t('savedViews.save')}
          </button>
        </form>
      </details>
      {saved && <Notice>{t('savedViews.saved', { name: saved })}</Notice>}
    </div>
  );
}
