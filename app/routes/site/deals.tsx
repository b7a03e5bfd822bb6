import { SHOP_MENU_HREF } from "~/content/navigation";
import { SpecialsCarousel } from "~/components/site/deals/specials-carousel";
import { dealHighlights, dealsHero, specialsCopy, specialsHeading } from "~/content/deals";
import { site } from "~/content/site";
import { pageMeta, siteName } from "~/lib/seo";
import { listCurrentDealSlides } from "~/models/deals.server";
import carouselStyles from "~/styles/carousel.css?url";
import dealsStyles from "~/styles/deals.css?url";
import type { Route } from "./+types/deals";
import { logger } from "~/server/logger.server";
import { HYDRATES } from "~/lib/route-handle";
import { PageHero } from "~/components/site/page-hero";
import { PageSection } from "~/components/site/page-section";
import { ProductGrid } from "~/components/menu/product-card";
import { toProductCard } from "~/components/menu/product-card-data";
import { EMPTY_MENU_QUERY, SPECIALS_MENU_HREF } from "~/lib/menu-params";
import { listMenuPage } from "~/models/catalog-pages.server";
import productCardStyles from "~/styles/menu/cards.css?url";
import { Link } from "react-router";
import { SubscribeForm } from "~/components/site/subscribe-form";

/** Products on special shown here (a row; the page's data rides in its HTML): the menu lists them all. */
const MENU_SPECIALS_SHOWN = 4;

// Hydrates for the specials carousel.
export const handle = HYDRATES;

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: carouselStyles },
  { rel: "stylesheet", href: dealsStyles },
  { rel: "stylesheet", href: productCardStyles },
];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Deals & Specials",
    description: `${site.firstPurchaseDiscountPercent}% off your first purchase, loyalty points on every purchase and this month's specials at ${siteName(matches)} in Norman, Oklahoma.`,
    path: "/deals",
  });

export async function loader() {
  const now = new Date();
  const slides = await listCurrentDealSlides(now).catch((error: unknown) => {
    logger.error({ err: error }, "Deals: could not load the current deal slides");
    return [];
  });
  const menuSpecials = await listMenuPage(
    { ...EMPTY_MENU_QUERY, special: true },
    { limit: MENU_SPECIALS_SHOWN, offset: 0 },
  ).catch((error: unknown) => {
    logger.error({ err: error }, "Deals: could not load the menu's specials");
    return { products: [], total: 0 };
  });
  return {
    heading: specialsHeading(now),
    menuSpecials: {
      products: menuSpecials.products.map((product) => toProductCard(product)),
      total: menuSpecials.total,
    },
    slides: slides.map((s) => ({
      id: s.id,
      title: s.title,
      description: s.description,
      imageUrl: s.image_url,
      isDemo: s.is_demo,
    })),
  };
}

export default function Deals({ loaderData }: Route.ComponentProps) {
  const { heading, slides, menuSpecials } = loaderData;
  return (
    <div className="deals">
      <PageHero title={dealsHero.title} lead={dealsHero.lead} titleId="deals-title" />

      <PageSection titleId="deal-highlights-title" title="Everyday Deals" hiddenTitle>
        <ul className="deal-highlights">
          {dealHighlights.map((deal) => (
            <li key={deal.title} className="card deal-highlight">
              <span className="deal-highlight__icon">
                <deal.icon size={30} />
              </span>
              <h3>{deal.title}</h3>
              <p>{deal.subtitle}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <section className="section section--alt specials" aria-labelledby="specials-title">
        <div className="container specials__inner">
          <h2 id="specials-title" className="section__title">
            {heading}
          </h2>
          <p className="section__lead">{specialsCopy.lead}</p>
          {slides.length > 0 ? (
            <SpecialsCarousel label="Current specials" slides={slides} />
          ) : (
            <div className="specials__empty card">
              <h3>{specialsCopy.emptyTitle}</h3>
              <p>{specialsCopy.emptyText}</p>
            </div>
          )}
          <p className="specials__shop">
            <a className="button-link" href={SHOP_MENU_HREF}>
              {specialsCopy.shopButton}
            </a>
          </p>
        </div>
      </section>

      {menuSpecials.products.length > 0 ? (
        <PageSection titleId="menu-specials-title" title="On special now">
          <p className="section__lead">Products at a special medical price today, at one store or both.</p>
          <ProductGrid products={menuSpecials.products} label="Products on special" priorityFirst={false} />
          <p className="menu-specials__all">
            <Link className="button-link" to={SPECIALS_MENU_HREF}>
              See all {menuSpecials.total} on special
            </Link>
          </p>
        </PageSection>
      ) : null}

      <PageSection titleId="deals-subscribe-title" title="Get the deals by e-mail">
        <p className="section__lead">
          This week&apos;s deals in your inbox, and, if you like, by text. For registered medical patients.
        </p>
        <SubscribeForm id="deals-subscribe" page="/deals" />
      </PageSection>
    </div>
  );
}
