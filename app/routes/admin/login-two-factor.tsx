// Placeholder: replaced by the issue-12 work.
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function Placeholder() {
  return null;
}
