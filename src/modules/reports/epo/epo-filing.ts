import type { EntityManager } from '@mikro-orm/postgresql';
import { czechDate, type Clock } from '../../../core/clock';
import { authed, orgId, type RequestContext } from '../../../core/ctx';
import { ForbiddenError, ValidationError } from '../../../core/errors';
import { parseInput } from '../../../core/validation';
import type { CompanyProfile } from '../../company/company.module';
import type { ReportsService } from '../reports.service';
import { controlStatementXml, mergeStatements } from './control-statement-xml';
import { epoDate } from './epo-xml';
import { filerOf, type Filer } from './filer';
import { filingPeriodInput, filingPeriodOf, type FilingPeriod } from './filing-period';
import { vatReturnXml } from './vat-return-xml';

/** A filing file: its name (DPHDP3-<dic>-<period>.xml) and the XML. */
export interface FilingFile {
  filename: string;
  xml: string;
}

/** What the filings read besides the reports: the company's profile (company manifest) and the date. */
export interface FilingSources {
  profileOf: (em: EntityManager, organizationId: string) => Promise<CompanyProfile>;
  clock: Clock;
}

/**
 * The VAT return (DPHDP3) and the control statement (DPHKH1) as the EPO files the tax administration's
 * portal imports, with the lines the VAT report and the control statement compute. Order of answers:
 * a malformed period 400; a caller limited to departments 403 (a filing covers the whole company); missing
 * settings 409 TAX_FILING_SETTINGS_MISSING; a period of the wrong length for the company 400.
 */
export class EpoFiling {
  constructor(
    private readonly reports: ReportsService,
    private readonly sources: FilingSources,
  ) {}

  /** A month (monthly VAT period) or a quarter (quarterly). */
  async vatReturn(ctx: RequestContext, query: unknown): Promise<FilingFile> {
    const { period, filer } = await this.prepare(ctx, query, (f) => f.quarterly);
    const report = await this.reports.vat(ctx, { from: period.from, to: period.to });
    const xml = vatReturnXml({ period, filer, filedOn: this.today(), report });
    return { filename: `DPHDP3-${filer.dic}-${period.key}.xml`, xml };
  }

  /** Monthly; a natural person filing VAT quarterly files it per quarter too (§ 101e ZDPH). */
  async controlStatement(ctx: RequestContext, query: unknown): Promise<FilingFile> {
    const { period, filer } = await this.prepare(ctx, query, (f) => f.naturalPerson && f.quarterly);
    const months = [];
    for (const month of period.months) months.push(await this.reports.controlStatement(ctx, { period: month }));
    const statement = mergeStatements(period.key, months);
    const xml = controlStatementXml({ period, filer, filedOn: this.today(), statement });
    return { filename: `DPHKH1-${filer.dic}-${period.key}.xml`, xml };
  }

  private async prepare(
    ctx: RequestContext,
    query: unknown,
    quarterlyFor: (filer: Filer) => boolean,
  ): Promise<{ period: FilingPeriod; filer: Filer }> {
    const period = filingPeriodOf(parseInput(filingPeriodInput, query).period);
    if (authed(ctx).principal.departmentIds !== null)
      throw new ForbiddenError('A filing covers the whole company: a caller limited to departments cannot make it');
    const filer = filerOf(await this.sources.profileOf(ctx.em, orgId(ctx)));
    const quarterly = quarterlyFor(filer);
    if (quarterly !== (period.quarter !== null))
      throw new ValidationError('The period does not match how the company files', [
        { path: 'period', message: quarterly ? 'must be a quarter YYYY-Qn' : 'must be a month YYYY-MM' },
      ]);
    return { period, filer };
  }

  private today(): string {
    return epoDate(czechDate(this.sources.clock.now()));
  }
}
