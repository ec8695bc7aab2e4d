import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
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
import { QrCode } from './QrCode';

/**
 * Two-factor login of the signed-in person: set up (secret and otpauth link for the authenticator
 * app), enable with a code (recovery codes shown once), disable with the password and a code. An
 * OWNER (`isOwner`) can also require it of every member. Also shown on its own when the company
 * requires it and the person has not enabled it yet (the rest of the app is closed to them then).
 */
export function TwoFactor({ isOwner = false }: { isOwner?: boolean }) {
  const { t } = useTranslation(['two-factor', 'common']);
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
      <PageHeader title={t('common:nav.two-factor')} />
      <ErrorBox problem={problemOf(error) ?? setUp.problem ?? require.problem} />
      {recoveryCodes && (
        <OneTimeSecret
          label={t('recoveryCodes')}
          value={recoveryCodes}
          onDone={() => {
            setRecoveryCodes(null);
            // The rest of the app may have been closed until now: load it again.
            if (status?.requiredByOrganization) window.location.assign('/app/');
          }}
        />
      )}
      {status?.requiredByOrganization && !status.enabled && <Notice>{t('required')}</Notice>}
      {status && !status.enabled && (
        <section aria-labelledby="set-up">
          <h2 id="set-up">{t('setUpTitle')}</h2>
          <p>{t('setUpText')}</p>
          <button
            type="button"
            className="primary"
            disabled={setUp.busy}
            onClick={eventHandler(async () => {
              const done = await setUp.run({});
              if (done) setPending(done.setUpTwoFactor);
            })}
          >
            {pending ? t('startAgain') : t('setUp')}
          </button>
          {pending && (
            <>
              <p>
                <Trans t={t} i18nKey="scan">
                  Scan <a href={pending.otpauthUrl}>otpauth link</a>
                </Trans>
              </p>
              <QrCode text={pending.otpauthUrl} label={t('qr')} />
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
                  label={t('code')}
                  name="code"
                  problem={enable.problem}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  required
                />
                <button type="submit" className="primary" disabled={enable.busy}>
                  {t('enable')}
                </button>
              </form>
            </>
          )}
        </section>
      )}
      {status?.enabled && (
        <section aria-labelledby="enabled">
          <h2 id="enabled">{t('onTitle')}</h2>
          <p data-testid="recovery-codes-left">{t('codesLeft', { count: status.recoveryCodesLeft })}</p>
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
              label={t('password')}
              name="password"
              type="password"
              autoComplete="current-password"
              problem={disable.problem}
              required
            />
            <TextField label={t('codeOrRecovery')} name="code" problem={disable.problem} required />
            <button type="submit" disabled={disable.busy}>
              {t('turnOff')}
            </button>
          </form>
        </section>
      )}
      {isOwner && status && (
        <section aria-labelledby="company-requirement">
          <h2 id="company-requirement">{t('companyTitle')}</h2>
          <p>{status.requiredByOrganization ? t('companyRequired') : t('companyOptional')}</p>
          <button
            type="button"
            disabled={require.busy}
            onClick={eventHandler(async () => {
              if (await require.run({ required: !status.requiredByOrganization })) reload();
            })}
          >
            {status.requiredByOrganization ? t('stopRequiring') : t('requireAll')}
          </button>
        </section>
      )}
    </>
  );
}
