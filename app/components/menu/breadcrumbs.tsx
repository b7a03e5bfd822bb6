import { Link } from "react-router";

/** The visible trail (Menu › Flower › Blue Dream); the page's BreadcrumbList JSON-LD says the same. */
export function Breadcrumbs({ items }: { items: { name: string; href?: string }[] }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {items.map((item) => (
          <li key={item.name}>
            {item.href ? <Link to={item.href}>{item.name}</Link> : <span aria-current="page">{item.name}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
