import { fail } from "@/lib/api/respond";

// Any /api path no route matches (a nested id, a typo): the envelope, not the HTML 404 page.
const notFound = () => fail(404, "Not found");

export { notFound as GET, notFound as POST, notFound as PUT, notFound as DELETE };
export { notFound as PATCH };
