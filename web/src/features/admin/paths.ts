/**
 * Links to the admin pages of one user or invoice: the value is one percent-encoded path segment
 * (`/admin/user/ayse%40example.com`; the router gives the page the decoded email). A reload or a
 * typed `/admin/user/ayse@example.com` is a page too: the gateway's SPA fallback serves index.html for
 * any path that is not a file of the build.
 */
const segment = (value: string) => encodeURIComponent(value);

/** `/admin/user/<email>` */
export const userPath = (email: string) => `/admin/user/${segment(email)}`;

/** `/admin/user/invoice/<billing number>`: the spec's `/admin/user/{invoice}/{id}`. */
export const invoicePath = (conversationId: string) => `/admin/user/invoice/${segment(conversationId)}`;
