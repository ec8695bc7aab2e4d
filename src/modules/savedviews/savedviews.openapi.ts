import * as oa from '../../core/openapi/builders';
import { listSavedViewsQuery, SAVED_VIEW_RESOURCES, savedViewInput } from './savedviews.inputs';
import { VIEWS_ACCESS } from './savedviews.routes';

const savedView = oa.object({
  id: oa.uuid,
  name: oa.string,
  resource: { type: 'string', enum: [...SAVED_VIEW_RESOURCES] },
  filters: { type: 'object', additionalProperties: true, description: "The list's query parameters" },
  sort: oa.nullableString,
  columns: { type: 'array', items: oa.string },
  shared: oa.boolean,
  ownerId: { ...oa.nullableString, format: 'uuid', description: 'The person who saved it; null: an API key' },
  createdAt: oa.dateTime,
  updatedAt: oa.dateTime,
});
const common = { tags: ['Saved views'], access: VIEWS_ACCESS };
const RULES =
  "Private views are their person's own (another person's is 404); shared ones are seen by the whole company and changed by " +
  'the person who saved them or an OWNER or ADMIN (else 403). Views of a list are seen by those who read it.';

export const savedViewsOpenApi: oa.PathItems = {
  '/api/v1/saved-views': {
    get: oa.operation({
      ...common,
      operationId: 'listSavedViews',
      summary: "Your saved views and the company's shared ones, oldest first",
      description: RULES,
      parameters: oa.queryParameters(listSavedViewsQuery),
      ok: { description: 'A page of saved views', schema: oa.pageOf(savedView) },
      errors: ['400'],
    }),
    post: oa.operation({
      ...common,
      operationId: 'createSavedView',
      summary: "Save a list's filters, sort and columns under a name",
      description:
        "Filters and sort are checked against the list's own query (GET of the list): unknown or invalid ones are 400 naming " +
        `them (filters.<name>). At most 100 views per person. Records saved_view.created. ${RULES}`,
      body: savedViewInput,
      ok: { status: '201', description: 'The saved view', schema: savedView },
      errors: ['400'],
    }),
  },
  '/api/v1/saved-views/{id}': {
    get: oa.operation({
      ...common,
      operationId: 'getSavedView',
      summary: 'One saved view',
      parameters: [oa.idParameter],
      ok: { description: 'The saved view', schema: savedView },
      errors: ['404'],
    }),
    put: oa.operation({
      ...common,
      operationId: 'updateSavedView',
      summary: 'Replace a saved view',
      description: `The whole view is replaced, checked as when created. Records saved_view.updated. ${RULES}`,
      parameters: [oa.idParameter],
      body: savedViewInput,
      ok: { description: 'The saved view after the change', schema: savedView },
      errors: ['400', '404'],
    }),
    delete: oa.operation({
      ...common,
      operationId: 'deleteSavedView',
      summary: 'Delete a saved view',
      description: `Records saved_view.deleted. ${RULES}`,
      parameters: [oa.idParameter],
      ok: { status: '204', description: 'Deleted' },
      errors: ['404'],
    }),
  },
};
