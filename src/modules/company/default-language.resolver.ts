import { Ctx, FieldResolver, Resolver } from 'type-graphql';
import { orgId } from '../../core/ctx';
import type { GraphQLContext } from '../../core/graphql/context';
import { MeType, type PersonLanguage } from '../identity/identity.module';
import type { CompanyService } from './company.service';

/** Country names and codes that mean the Czech Republic, as the company profile may hold them. */
const CZECH = /^(cz|cze|czech|česk|cesk)/i;

/** The web app's language for a person who has not chosen one: Czech for a company in CZ (or with no country). */
export function defaultLanguage(country: string | null): PersonLanguage {
  return !country?.trim() || CZECH.test(country.trim()) ? 'cs' : 'en';
}

/** `Me.defaultLanguage`: the company's side of the person's language (the company module knows its country). */
@Resolver(() => MeType)
export class DefaultLanguageResolver {
  constructor(private readonly company: CompanyService) {}

  @FieldResolver(() => String, {
    description:
      'The language of a person who has not chosen one: cs for a company in CZ (or with no country), else en',
  })
  async defaultLanguage(@Ctx() { rc }: GraphQLContext): Promise<PersonLanguage> {
    const profile = await this.company.profileOf(rc.em, orgId(rc));
    return defaultLanguage(profile.country);
  }
}
