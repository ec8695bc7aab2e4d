import { useTranslation } from 'react-i18next';
import { graphql } from '../gql';
import { useAction, submitHandler } from '../components/action';
import { FormError, TextField, formText } from '../components/form';
import { loginUrl } from '../routes';

const SignUpDocument = graphql(`
  mutation SignUp($input: SignUpInput!) {
    signUp(input: $input) {
      id
      name
    }
  }
`);

/** Creates the company and its owner; the server answers with the session cookie. */
export function SignUp() {
  const { t } = useTranslation();
  const signUp = useAction(SignUpDocument);
  return (
    <main id="main" className="narrow">
      <h1>{t('signUp.title')}</h1>
      <form
        onSubmit={submitHandler(async (form) => {
          const done = await signUp.run({
            input: {
              companyName: formText(form, 'companyName'),
              email: formText(form, 'email'),
              password: formText(form, 'password'),
            },
          });
          if (done) window.location.assign('/app/');
        })}
      >
        <FormError problem={signUp.problem} fields={['companyName', 'email', 'password']} />
        <TextField
          label={t('signUp.companyName')}
          name="companyName"
          problem={signUp.problem}
          required
          autoComplete="organization"
        />
        <TextField
          label={t('signUp.email')}
          name="email"
          type="email"
          problem={signUp.problem}
          required
          autoComplete="username"
        />
        <TextField
          label={t('signUp.password')}
          name="password"
          type="password"
          problem={signUp.problem}
          required
          autoComplete="new-password"
          hint={t('signUp.passwordHint')}
        />
        <button type="submit" className="primary" disabled={signUp.busy}>
          {t('signUp.submit')}
        </button>
      </form>
      <p>
        {t('signUp.haveAccount')} <a href={loginUrl()}>{t('signUp.logIn')}</a>
      </p>
    </main>
  );
}
