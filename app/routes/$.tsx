import { data } from "@remix-run/node";
import { NotFound } from "~/components/ErrorPage/ErrorPage";

// Any path no route claims: the 404 page with a 404 status.
export function loader() {
  throw data(null, { status: 404 });
}

export function action() {
  throw data(null, { status: 404 });
}

export default function CatchAll() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
