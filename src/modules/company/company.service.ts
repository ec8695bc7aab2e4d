import { createHash } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../core/clock';
import type { DocumentLanguage } from '../../core/languages';
import { orgId, type RequestContext } from '../../core/ctx';
import { NotFoundError, ValidationError } from '../../core/errors';
import { parseInput } from '../../core/validation';
import { CompanyProfile, DEFAULT_COMPANY_LANGUAGE } from './company-profile.entity';
import { createProfileIfMissing, profileLanguage } from './company.queries';
import { updateCompanyInput, updateDocumentLookInput, updateTaxFilingInput, uploadLogoInput } from './company.inputs';
import {
  companyView,
  documentLookView,
  taxFilingView,
  type CompanyView,
  type DocumentLookView,
  type TaxFilingView,
} from './company.views';
import { czechAccountNumber } from './czech-ids';
import { checkLogo } from './logo';

const BILLING_FIELDS = [
  'legalName',
  'taxId',
  'vatId',
  'street',
  'city',
  'zip',
  'country',
  'vatPayer',
  'iban',
  'email',
  'phone',
  'registryText',
  'lockIssuedDocuments',
] as const;
const LOOK_FIELDS = ['accentColor', 'footerText', 'language'] as const;
const TAX_FILING_FIELDS = [
  'taxOfficeCode',
  'taxOfficeWorkplaceCode',
  'filerType',
  'filerFirstName',
  'filerLastName',
  'vatPeriod',
  'naceCode',
] as const;

/**
 * The company's billing data and document look (section company_settings), one row per
 * organization, created on the first change. Changing either makes every kept PDF stale
 * (updatedAt is part of a PDF's version).
 */
export class CompanyService {
  constructor(private readonly clock: Clock) {}

  async get(ctx: RequestContext): Promise<CompanyView> {
    return companyView(await this.profileOf(ctx.em, orgId(ctx)));
  }

  async update(ctx: RequestContext, input: unknown): Promise<CompanyView> {
    const data = parseInput(updateCompanyInput, input);
    return companyView(
      await this.change(ctx, (p) => {
        for (const field of BILLING_FIELDS)
          if (data[field] !== undefined) (p as unknown as Record<string, unknown>)[field] = data[field];
        p.accountNumber = p.iban ? czechAccountNumber(p.iban) : null;
        if (p.vatPayer && !p.vatId)
          throw new ValidationError('A VAT payer needs its DIČ', [
            { path: 'vatId', message: 'required when vatPayer is true' },
          ]);
      }),
    );
  }

  async getTaxFiling(ctx: RequestContext): Promise<TaxFilingView> {
    return taxFilingView(await this.profileOf(ctx.em, orgId(ctx)));
  }

  /** Documents print none of these: kept PDFs stay current (updatedAt does not change). */
  async updateTaxFiling(ctx: RequestContext, input: unknown): Promise<TaxFilingView> {
    const data = parseInput(updateTaxFilingInput, input);
    const profile = await this.change(
      ctx,
      (p) => {
        for (const field of TAX_FILING_FIELDS)
          if (data[field] !== undefined) (p as unknown as Record<string, unknown>)[field] = data[field];
      },
      { touch: false },
    );
    return taxFilingView(profile);
  }

  async getLook(ctx: RequestContext): Promise<DocumentLookView> {
    return documentLookView(await this.profileOf(ctx.em, orgId(ctx)));
  }

  async updateLook(ctx: RequestContext, input: unknown): Promise<DocumentLookView> {
    const data = parseInput(updateDocumentLookInput, input);
    return documentLookView(
      await this.change(ctx, (p) => {
        for (const field of LOOK_FIELDS)
          if (data[field] !== undefined) (p as unknown as Record<string, unknown>)[field] = data[field];
      }),
    );
  }

  async uploadLogo(ctx: RequestContext, input: unknown): Promise<DocumentLookView> {
    const { contentType, data } = parseInput(uploadLogoInput, input);
    const bytes = checkLogo(contentType, data);
    return documentLookView(
      await this.change(ctx, (p) => {
        p.logo = bytes;
        p.logoContentType = contentType;
        p.logoSha256 = createHash('sha256').update(bytes).digest('hex');
      }),
    );
  }

  async deleteLogo(ctx: RequestContext): Promise<DocumentLookView> {
    return documentLookView(
      await this.change(ctx, (p) => {
        p.logo = null;
        p.logoContentType = null;
        p.logoSha256 = null;
      }),
    );
  }

  async logo(ctx: RequestContext): Promise<{ contentType: string; data: Buffer }> {
    const found = await this.logoOf(ctx.em, orgId(ctx));
    if (!found) throw new NotFoundError('Logo');
    return found;
  }

  /** The profile documents print with: the stored one, or the defaults before the first change. */
  async profileOf(em: EntityManager, organizationId: string): Promise<CompanyProfile> {
    const found = await em.findOne(CompanyProfile, { organizationId });
    return found ?? Object.assign(new CompanyProfile(), { organizationId, updatedAt: new Date(0) });
  }

  /** The company's document language (profileOf(...).language in one plain read: every new document asks). */
  async languageOf(em: EntityManager, organizationId: string): Promise<DocumentLanguage> {
    return (await profileLanguage(em, organizationId)) ?? DEFAULT_COMPANY_LANGUAGE;
  }

  async logoOf(em: EntityManager, organizationId: string): Promise<{ contentType: string; data: Buffer } | null> {
    const profile = await em.findOne(CompanyProfile, { organizationId }, { populate: ['logo'] });
    return profile?.logo && profile.logoContentType
      ? { contentType: profile.logoContentType, data: profile.logo }
      : null;
  }

  /** Creates the row if missing, then changes it under a row lock, so concurrent changes queue. */
  private async change(
    ctx: RequestContext,
    apply: (profile: CompanyProfile) => void,
    { touch } = { touch: true },
  ): Promise<CompanyProfile> {
    const organizationId = orgId(ctx);
    return ctx.em.transactional(async (em) => {
      await createProfileIfMissing(em, organizationId, this.clock.now());
      const profile = await em.findOneOrFail(
        CompanyProfile,
        { organizationId },
        { lockMode: LockMode.PESSIMISTIC_WRITE, populate: ['logo'] },
      );
      apply(profile);
      if (touch) profile.updatedAt = this.clock.now();
      return profile;
    });
  }
}
