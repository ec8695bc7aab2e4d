import { useState } from 'react';
import { useQuery } from 'urql';
import { eventHandler, submitHandler, useAction } from '../../components/action';
import { ErrorBox, Notice, PageHeader } from '../../components/feedback';
import { FormError, TextField, formText } from '../../components/form';
import { OneTimeSecret } from '../../components/secret';
import { problemOf } from '../../errors';
import {
  DisableTwoFactorDocument,
  EnableTwoFactorDocument,
  SetTwoFactorRequiredDocument,
  SetUpTwoFactorDocument,
  TwoFactorDocument,
} from './operations';

/**
 * Two-factor login of the signed-in person: set up (secret and otpauth link for the authenticator
 * app), enable with a code (recovery codes shown once), disable with the password and a code. An
 * OWNER (`isOwner`) can also require it of every member. Also shown on its own when the company
 * requires it and the person has not enabled it yet (the rest of the app is closed to them then).
 */
export function TwoFactor({ isOwner = false }: { isOwner?: boolean }) {
  const [{ data, error }, refetch] = useQuery({ query: TwoFactorDocument, requestPolicy: 'network-only' });
  const setUp = useAction(SetUpTwoFactorDocument);
  const enable = useAction(EnableTwoFactorDocument);
  const disable = useAction(DisableTwoFactorDocument);
  const require = useAction(SetTwoFactorRequiredDocument);
  const [pending, setPending] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string | null>(null);
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const status = data?.twoFactor;

  return (
    <>
      <PageHeader title="Two-factor login" />
      <ErrorBox problem={problemOf(error) ?? setUp.problem ?? require.problem} />
      {recoveryCodes && (
        <OneTimeSecret
          label="Recovery codes"
          value={recoveryCodes}
          onDone={() => {
            setRecoveryCodes(null);
            // The rest of the app may have been closed until now: load it again.
            if (status?.requiredByOrganization) window.location.assign('/app/');
          }}
        />
      )}
      {status?.requiredByOrganization && !status.enabled && (
        <Notice>Your company requires two-factor login. Enable it to continue using Faktura.</Notice>
      )}
      {status && !status.enabled && (
        <section aria-labelledby="set-up">
          <h2 id="set-up">Set up</h2>
          <p>
            Use an authenticator app (TOTP: 6 digits every 30 seconds). Each login then asks for its current code after
            the password.
          </p>
          <button
            type="button"
            className="primary"
            disabled={setUp.busy}
            onClick={eventHandler(async () => {
              const done = await setUp.run({});
              if (done) setPending(done.setUpTwoFactor);
            })}
          >
            {pending ? 'Start again with a new secret' : 'Set up two-factor login'}
          </button>
          {pending && (
            <>
              <p>
                Add this secret to the app (or open the <a href={pending.otpauthUrl}>otpauth link</a> on the phone):
              </p>
              <code className="secret-value" data-testid="totp-secret">
                {pending.secret}
              </code>
              <form
                className="inline-form"
                onSubmit={submitHandler(async (form) => {
                  const done = await enable.run({ code: formText(form, 'code') });
                  if (done) {
                    setPending(null);
                    setRecoveryCodes(done.enableTwoFactor.recoveryCodes.join(' '));
                    reload();
                  }
                })}
              >
                <FormError problem={enable.problem} fields={['code']} />
                <TextField
                  label="Code from the app"
                  name="code"
                  problem={enable.problem}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  required
                />
                <button type="submit" className="primary" disabled={enable.busy}>
                  Enable
                </button>
              </form>
            </>
          )}
        </section>
      )}
      {status?.enabled && (
        <section aria-labelledby="enabled">
          <h2 id="enabled">On</h2>
          <p data-testid="recovery-codes-left">Recovery codes left: {status.recoveryCodesLeft}</p>
          <form
            className="inline-form"
            onSubmit={submitHandler(async (form) => {
              const done = await disable.run({ password: formText(form, 'password'), code: formText(form, 'code') });
              if (done) {
                form.reset();
                reload();
              }
            })}
          >
            <FormError problem={disable.problem} fields={['password', 'code']} />
            <TextField
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              problem={disable.problem}
              required
            />
            <TextField label="Code or recovery code" name="code" problem={disable.problem} required />
            <button type="submit" disabled={disable.busy}>
              Turn off
            </button>
          </form>
        </section>
      )}
      {isOwner && status && (
        <section aria-labelledby="company-requirement">
          <h2 id="company-requirement">For the whole company</h2>
          <p>
            {status.requiredByOrganization
              ? 'Every member must log in with two factors.'
              : 'Members may log in with the password alone.'}
          </p>
          <button
            type="button"
            disabled={require.busy}
            onClick={eventHandler(async () => {
              if (await require.run({ required: !status.requiredByOrganization })) reload();
            })}
          >
            {status.requiredByOrganization ? 'Stop requiring two-factor login' : 'Require two-factor login of everyone'}
          </button>
        </section>
      )}
    </>
  );
}
