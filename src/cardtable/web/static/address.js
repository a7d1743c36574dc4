// The addresses of a table's requests. A private table answers only its invite code, a seat
// token or a seated player's cookie (docs/server.md, "Private tables"), so a page opened by the
// invite link sends its code on every request to the table and on the socket's address.

/** ``path`` (an address on this server) with the table's ``invite`` code in its query, if any. */
export function invited(path, invite) {
  if (!invite) return path;
  const url = new URL(path, location.origin);
  url.searchParams.set("invite", invite);
  return url.pathname + url.search;
}
