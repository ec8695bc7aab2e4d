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
  const signUp = useAction(SignUpDocument);
  return (
    <main id="main" className="narrow">
      <h1>Sign up for Faktura</h1>
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
          label="Company name"
          name="companyName"
          problem={signUp.problem}
          required
          autoComplete="organization"
        />
        <TextField label="E-mail" name="email" type="email" problem={signUp.problem} required autoComplete="username" />
        <TextField
          label="Password"
          name="password"
          type="password"
          problem={signUp.problem}
          required
          autoComplete="new-password"
          hint="At least 12 characters, not a common password, not your e-mail."
        />
        <button type="submit" className="primary" disabled={signUp.busy}>
          Sign up
        </button>
      </form>
      <p>
        Already have an account? <a href={loginUrl()}>Log in</a>
      </p>
    </main>
  );
}
