import { Client, cacheExchange, fetchExchange, mapExchange } from 'urql';
import { isUnauthenticated } from './errors';
import { loginUrl } from './routes';

/** Sent with every GraphQL request: the server refuses cookie-authenticated requests without it (CSRF). */
export const CSRF_HEADER = 'x-faktura-csrf';

export const client = new Client({
  url: '/graphql',
  // POST with JSON always: Apollo's csrfPrevention refuses a GET without a preflight-forcing header.
  preferGetMethod: false,
  exchanges: [
    // A session that expires while a page is open: back to the login page, then to this page.
    mapExchange({
      onError(error) {
        if (isUnauthenticated(error) && window.location.pathname !== '/app/signup') {
          window.location.assign(loginUrl(window.location.pathname + window.location.search));
        }
      },
    }),
    cacheExchange,
    fetchExchange,
  ],
  // Pages refetch what a mutation changed; the cache only spares re-renders the network.
  requestPolicy: 'cache-and-network',
  fetchOptions: () => ({ credentials: 'same-origin', headers: { [CSRF_HEADER]: '1' } }),
});
