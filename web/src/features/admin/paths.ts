/**
 * Links to the admin pages of one user or invoice. A value is one path segment, percent-encoded with
 * its dots too: the gateway answers a page load of a path whose last segment looks like a file name
 * (`…/ayse@example.com`) with 404 instead of the SPA, and `%2E` keeps it a route
 * (`/admin/user/ayse%40example%2Ecom`; the router gives the page the decoded email).
 */
const segment = (value: string) => encodeURIComponent(value).replace(/\./g, '%2E');

/** `/admin/user/<email>` */
export const userPath = (email: string) => `/admin/user/${segment(email)}`;

/** `/admin/user/invoice/<billing number>`: the spec's `/admin/user/{invoice}/{id}`. */
export const invoicePath = (conversationId: string) => `/admin/user/invoice/${segment(conversationId)}`;
