import { useTranslation } from 'react-i18next';
import { CheckboxField, formText, lines } from '../../components/form';
import { fieldError, type Problem } from '../../errors';
import { sectionLabel, SECTIONS, type Section } from '../../session';

const SCOPES = SECTIONS.flatMap((s) => [`${s}:read`, `${s}:write`]);

export function ScopeChoice({ selected, problem }: { selected: readonly string[]; problem: Problem | null }) {
  const { t } = useTranslation('oauth-applications');
  const error = fieldError(problem, 'scopes');
  return (
    <fieldset>
      <legend>{t('fields.scopes')}</legend>
      <div className="perm-grid">
        {SCOPES.map((scope) => (
          <CheckboxField
            key={scope}
            label={scope}
            title={sectionLabel(scope.split(':')[0] as Section)}
            name="scopes"
            value={scope}
            problem={null}
            defaultChecked={selected.includes(scope)}
          />
        ))}
      </div>
      {error && <small className="field-error">{error}</small>}
    </fieldset>
  );
}

export function RedirectUris({ value, problem }: { value: readonly string[]; problem: Problem | null }) {
  const { t } = useTranslation('oauth-applications');
  const error = fieldError(problem, 'redirectUris');
  return (
    <div className={`field${error ? ' invalid' : ''}`}>
      <label htmlFor="redirect-uris">{t('fields.redirectUris')}</label>
      <textarea
        id="redirect-uris"
        name="redirectUris"
        defaultValue={value.join('\n')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'redirect-uris-error' : undefined}
        required
      />
      {error && (
        <small id="redirect-uris-error" className="field-error">
          {error}
        </small>
      )}
    </div>
  );
}

export function applicationInput(form: HTMLFormElement) {
  return {
    name: formText(form, 'name'),
    description: formText(form, 'description'),
    redirectUris: lines(formText(form, 'redirectUris')),
    scopes: new FormData(form).getAll('scopes').map(String),
  };
}
