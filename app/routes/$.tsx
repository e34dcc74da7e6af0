/** Every address no other route claims: the not-found page (rendered by the root error boundary), status 404. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
