import { SHOP_MENU_HREF } from "~/content/navigation";
import { Link } from "react-router";
import {
  FeatureCardList,
  CarFeatureIcon,
  CardFeatureIcon,
  CashFeatureIcon,
  ShieldFeatureIcon,
} from "~/components/site/feature-icon";
import { ShopGallery } from "~/components/site/shop-gallery";
import {
  aboutCta,
  aboutHero,
  badges,
  featureCards,
  firstTimeBox,
  highlightCards,
  ourStory,
  productsWeCarry,
  visitUs,
} from "~/content/about";
import { StoreStatusLine } from "~/components/site/store-status";
import { useSite } from "~/components/ui/use-root-data";
import { addressLine } from "~/content/site";
import { pageMeta, siteName } from "~/lib/seo";
import { listGalleryPhotos } from "~/models/gallery.server";
import aboutStyles from "~/styles/about.css?url";
import type { Route } from "./+types/about";
import { logger } from "~/server/logger.server";
import { PageHero } from "~/components/site/page-hero";
import { PageSection } from "~/components/site/page-section";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: aboutStyles }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "About Us",
    description: `${siteName(matches)} is a medical cannabis dispensary in Norman, Oklahoma: fresh inventory daily, price match, loyalty points on every purchase, cash only with an ATM on site and curbside pickup.`,
    path: "/about",
  });

export async function loader() {
  // The gallery is not worth a failed page: without the database it shows the illustrations.
  const photos = await listGalleryPhotos().catch((error: unknown) => {
    logger.error({ err: error }, "About: could not load the gallery photos");
    return [];
  });
  return {
    photos: photos.map((p) => ({ id: p.id, src: p.image_url, alt: p.alt, caption: p.caption })),
  };
}

/**
 * Every list the spec names, each fact said once where it belongs: the badges in the hero, the story with
 * its bullets and the numbers, the six feature cards as the "What Makes Us Different" grid, the gallery,
 * products and first-time offer, then the practical Visit Us block and the call to action.
 */
export default function About({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const [mainStore] = site.stores;
  const story = ourStory(site.name);
  return (
    <div className="about">
      <PageHero title={aboutHero.title} lead={aboutHero.tagline} titleId="about-title" className="about-hero">
        <ul className="about-badges" aria-label="At a glance">
          {badges(mainStore.weekly).map((badge) => (
            <li key={badge.label}>
              <badge.icon size={18} />
              {badge.label}
            </li>
          ))}
        </ul>
      </PageHero>

      <section className="section about-section our-story" aria-labelledby="our-story-title">
        <div className="container our-story__inner">
          <div className="our-story__text">
            <h2 id="our-story-title" className="section__title">
              {story.title}
            </h2>
            {story.paragraphs.map((text) => (
              <p key={text}>{text}</p>
            ))}
            <ul className="check-list">
              {story.bullets.map((bullet) => (
                <li key={bullet}>
                  <ShieldFeatureIcon size={20} />
                  {bullet}
                </li>
              ))}
            </ul>
          </div>
          <div className="about-numbers">
            <h3 id="highlights-title" className="visually-hidden">
              By the Numbers
            </h3>
            <ul className="highlight-cards" aria-labelledby="highlights-title">
              {highlightCards(site.stores).map((card) => (
                <li key={card.label} className="card">
                  <strong className="highlight-cards__value">{card.value}</strong>
                  <span>{card.label}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <PageSection titleId="inside-title" title="Inside the Shop" tone="alt" className="about-section">
        <ShopGallery photos={loaderData.photos} />
      </PageSection>

      <PageSection titleId="different-title" title="What Makes Us Different" className="about-section">
        <FeatureCardList cards={featureCards} className="about-features" />
      </PageSection>

      <section className="section section--alt about-section" aria-labelledby="products-title">
        <div className="container products-first">
          <div>
            <h2 id="products-title" className="section__title">
              Products We Carry
            </h2>
            <ul className="product-list">
              {productsWeCarry.map((product) => (
                <li key={product.name}>
                  <product.icon size={20} />
                  {product.name}
                </li>
              ))}
            </ul>
          </div>
          <aside className="first-time-box" aria-labelledby="first-time-title">
            <h2 id="first-time-title">{firstTimeBox.title}</h2>
            <p className="first-time-box__offer">{firstTimeBox.text}</p>
            <p className="first-time-box__note">{firstTimeBox.note}</p>
          </aside>
        </div>
      </section>

      <PageSection titleId="visit-title" title={visitUs.title} className="about-section">
        <div className="visit-us card">
          {site.stores.map((store) => (
            <div key={store.id} className="visit-us__store">
              <address>
                <strong>{store.shortName}</strong>
                <span>{addressLine(store)}</span>
                <a href={store.phoneHref}>{store.phone}</a>
              </address>
              <StoreStatusLine status={store.status} />
              {store.hoursLines.map((line) => (
                <span key={line}>{line}</span>
              ))}
            </div>
          ))}
          <ul className="visit-us__facts">
            <li>
              <CashFeatureIcon size={20} />
              {visitUs.payment}
            </li>
            <li>
              <CardFeatureIcon size={20} />
              {visitUs.card}
            </li>
            <li>
              <CarFeatureIcon size={20} />
              {visitUs.pickup}
            </li>
          </ul>
          <p className="visit-us__more">
            <Link to="/locations" prefetch="intent">
              Maps and directions to both stores
            </Link>
          </p>
        </div>
      </PageSection>

      <PageSection
        titleId="about-cta-title"
        title={aboutCta.title}
        tone="dark"
        className="about-section about-cta"
        containerClassName="about-cta__inner"
      >
        <p>{aboutCta.text}</p>
        <div className="button-row">
          <Link className="button-link button-link--light" to="/deals" prefetch="intent">
            View Deals
          </Link>
          <a className="button-link button-link--ghost-light" href={SHOP_MENU_HREF}>
            Shop Live Menu
          </a>
        </div>
      </PageSection>
    </div>
  );
}
