import type { RequestContext } from '../../core/ctx';
import type { Page } from '../../core/validation';
import type { CostView } from '../costs/costs.module';
import type { InboxItemView } from './inbox.types';

export type { InboxItemView } from './inbox.types';

/** A file as uploaded: its name and bytes (the bytes decide its type). */
export interface InboxUpload {
  filename: string;
  content: Buffer;
}

/** The costs inbox (issue 29): received files become items, extracted by a job, confirmed into costs. */
export class InboxService {
  /** 415 UNSUPPORTED_MEDIA_TYPE for a file of unknown type, 413 for one too big; each file becomes a QUEUED item. */
  async upload(_ctx: RequestContext, _files: InboxUpload[]): Promise<InboxItemView[]> {
    throw new Error('not implemented yet');
  }

  /** `{limit, cursor, status?}`, newest first. */
  async list(_ctx: RequestContext, _query: unknown): Promise<Page<InboxItemView>> {
    throw new Error('not implemented yet');
  }

  async get(_ctx: RequestContext, _id: string): Promise<InboxItemView> {
    throw new Error('not implemented yet');
  }

  async remove(_ctx: RequestContext, _id: string): Promise<void> {
    throw new Error('not implemented yet');
  }

  async file(_ctx: RequestContext, _id: string): Promise<{ filename: string; contentType: string; content: Buffer }> {
    throw new Error('not implemented yet');
  }

  /** Page `page` (from 1) of the item's file as PNG, for the review. */
  async pageImage(_ctx: RequestContext, _id: string, _page: number): Promise<Buffer> {
    throw new Error('not implemented yet');
  }

  /** The item's proposal with the person's corrections becomes a cost, as one entered by hand. */
  async confirm(_ctx: RequestContext, _id: string, _input: unknown): Promise<{ item: InboxItemView; cost: CostView }> {
    throw new Error('not implemented yet');
  }
}
