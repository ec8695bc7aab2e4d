import { CZ_TZ } from '../../core/clock';
import { defineModule } from '../../core/module';
import { Migration0026ExchangeRates } from '../../migrations/Migration0026ExchangeRates';
import { CnbClient } from './cnb-client';
import { CzkRates } from './czk-rates';
import { ExchangeRates } from './exchange-rates';

export type { ExchangeRate, ExchangeRates } from './exchange-rates';
export { PER_UNIT_PLACES } from './exchange-rates';
export { MalformedRatesFile } from './cnb-rates-file';
export { RatesUnavailable } from './cnb-client';
export { CzkRates, type RateQuestion } from './czk-rates';

export const CNB_FIXING_JOB = 'rates.cnb-fixing';

/**
 * Exchange rates of the Czech National Bank (README "Foreign currency"): ČNB publishes its fixing on
 * working days around 14:30 Prague; the job fetches CNB_RATES_URL at 14:45 Prague on those days.
 */
export const ratesModule = defineModule({
  name: 'rates',
  // Migration0026ExchangeRates also adds the documents' exchange_rate and CZK amount columns.
  migrations: [Migration0026ExchangeRates],
  build: ({ infra }) => {
    const { config, orm, clock } = infra;
    const cnb = new CnbClient(config.CNB_RATES_URL, config.CNB_RATES_TIMEOUT_MS);
    const exchangeRates = new ExchangeRates(orm, clock, cnb, infra.logger.child({ job: CNB_FIXING_JOB }));
    // czkRates: the rate of a document or a received cost (explicit, or ČNB's on its taxable supply date).
    const czkRates = new CzkRates(exchangeRates, infra.logger.child({ module: 'rates' }));
    return {
      services: { exchangeRates, czkRates },
      jobs: [
        {
          name: CNB_FIXING_JOB,
          run: async () => void (await exchangeRates.fetchLatest()),
          recurring: { key: 'daily', cron: '45 14 * * 1-5', timezone: CZ_TZ },
        },
      ],
    };
  },
});
