import type { RequestContext } from '../../../core/ctx';
import type { ServicesOf } from '../../../core/module';
import { parseInput, type Page } from '../../../core/validation';
import type { contactsModule } from '../../contacts/contacts.module';
import { createCostInput, importIsdocTextInput } from '../costs.inputs';
import type { CostsService } from '../costs.service';
import type { CostView } from '../costs.views';
import { costOfIsdoc } from './isdoc-cost';
import { CONTENT_TYPES, formatOf, isdocXmlOf } from './isdoc-file';
import { parseIsdoc, type IsdocParty } from './isdoc-invoice';
import type { IsdocSchema } from './isdoc-schema';

/** A received file to import: its name as uploaded (kept on the attachment) and its bytes. */
export interface ImportFile {
  filename: string;
  /** As declared by the sender; informative only (the bytes decide what the file is). */
  contentType?: string;
  content: Buffer;
}

type Contacts = ServicesOf<typeof contactsModule>['contacts'];
type ContactView = Awaited<ReturnType<Contacts['get']>>;

const SUPPLIER_TYPES = ['SUPPLIER', 'BOTH'];
/** Stands in for the supplier while the input is checked before a new supplier would be created. */
const NO_SUPPLIER_YET = '00000000-0000-4000-8000-000000000000';

/**
 * ISDOC import of received invoices (issue 27 point 2): an .isdoc, an .isdocx or a PDF embedding an
 * .isdoc becomes a cost through CostsService, the file kept as its attachment. Issue 29's inbox
 * reuses fromFile through the costs manifest (services.costImport).
 */
export class CostImport {
  constructor(
    private readonly costs: CostsService,
    private readonly contacts: Contacts,
    private readonly schema: IsdocSchema,
  ) {}

  async fromFile(ctx: RequestContext, file: ImportFile): Promise<CostView> {
    const format = formatOf(file.content);
    const xml = await isdocXmlOf(format, file.content);
    await this.schema.assertValid(xml);
    const invoice = parseIsdoc(xml);
    const { input, printed, printedCzk } = costOfIsdoc(invoice);
    // Refused input creates no supplier: the cost's input is checked first, as createImported will.
    parseInput(createCostInput, { ...input, supplierId: NO_SUPPLIER_YET });
    const supplierId = await this.supplierOf(ctx, invoice.supplier);
    return this.costs.createImported(
      ctx,
      { ...input, supplierId },
      {
        printed,
        printedCzk,
        file: {
          filename: filenameOf(file.filename, format),
          contentType: CONTENT_TYPES[format],
          content: file.content,
        },
      },
    );
  }

  /** The GraphQL form: the ISDOC as text (at most 1,000,000 characters), kept as `<filename or invoice>.isdoc`. */
  async fromText(ctx: RequestContext, input: unknown): Promise<CostView> {
    const { xml, filename } = parseInput(importIsdocTextInput, input);
    return this.fromFile(ctx, { filename: filename ?? '', contentType: 'application/xml', content: Buffer.from(xml) });
  }

  /**
   * The company's contact with the supplier's IČO (else, without an IČO, its DIČ): an active supplier
   * first; a client of that IČO becomes BOTH. None: a new SUPPLIER contact with the file's name,
   * IČO, DIČ and address.
   */
  private async supplierOf(ctx: RequestContext, party: IsdocParty): Promise<string> {
    const search = party.taxId ?? party.vatId?.toUpperCase() ?? null;
    if (search) {
      const same = (c: ContactView) => (party.taxId ? c.taxId === party.taxId : c.vatId === search);
      const page: Page<ContactView> = await this.contacts.list(ctx, { search, limit: 200 });
      const found = page.data.filter(same).sort((a, b) => rank(a) - rank(b))[0];
      if (found && SUPPLIER_TYPES.includes(found.type)) return found.id;
      if (found) return (await this.contacts.update(ctx, found.id, { type: 'BOTH' })).id;
    }
    const created = await this.contacts.create(ctx, {
      name: party.name.slice(0, 200),
      type: 'SUPPLIER',
      taxId: party.taxId?.slice(0, 32) ?? null,
      vatId: party.vatId?.slice(0, 32) ?? null,
      street: party.street?.slice(0, 200) ?? null,
      city: party.city?.slice(0, 200) ?? null,
      zip: party.zip?.slice(0, 20) ?? null,
      country: party.country?.slice(0, 100) ?? null,
    });
    return created.id;
  }
}

/** Active suppliers before active others before archived ones. */
function rank(c: { type: string; archived: boolean }): number {
  return (c.archived ? 2 : 0) + (SUPPLIER_TYPES.includes(c.type) ? 0 : 1);
}

const EXTENSIONS = { isdoc: '.isdoc', isdocx: '.isdocx', pdf: '.pdf' } as const;

/** The uploaded name without any path, at most 200 characters; none given: invoice.<extension>. */
function filenameOf(name: string, format: keyof typeof EXTENSIONS): string {
  const base = name.split(/[\\/]/).pop()?.trim().slice(0, 200) ?? '';
  return base === '' ? `invoice${EXTENSIONS[format]}` : base;
}
