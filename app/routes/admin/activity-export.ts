// Placeholder: replaced by the issue-12 work.
export function loader() {
  throw new Response("Not Found", { status: 404 });
}
