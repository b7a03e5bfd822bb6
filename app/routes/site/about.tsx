import { Link } from "react-router";
import { FeatureCardList, FeatureIcon } from "~/components/site/feature-icon";
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
      <section className="page-hero about-hero" aria-labelledby="about-title">
        <div className="container">
          <h1 id="about-title">{aboutHero.title}</h1>
          <p>{aboutHero.tagline}</p>
          <ul className="about-badges" aria-label="At a glance">
            {badges(mainStore.weekly).map((badge) => (
              <li key={badge.label}>
                <FeatureIcon name={badge.icon} size={18} />
                {badge.label}
              </li>
            ))}
          </ul>
        </div>
      </section>

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
                  <FeatureIcon name="shield" size={20} />
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

      <section className="section section--alt about-section" aria-labelledby="inside-title">
        <div className="container">
          <h2 id="inside-title" className="section__title">
            Inside the Shop
          </h2>
          <ShopGallery photos={loaderData.photos} />
        </div>
      </section>

      <section className="section about-section" aria-labelledby="different-title">
        <div className="container">
          <h2 id="different-title" className="section__title">
            What Makes Us Different
          </h2>
          <FeatureCardList cards={featureCards} className="about-features" />
        </div>
      </section>

      <section className="section section--alt about-section" aria-labelledby="products-title">
        <div className="container products-first">
          <div>
            <h2 id="products-title" className="section__title">
              Products We Carry
            </h2>
            <ul className="product-list">
              {productsWeCarry.map((product) => (
                <li key={product.name}>
                  <FeatureIcon name={product.icon} size={20} />
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

      <section className="section about-section" aria-labelledby="visit-title">
        <div className="container">
          <h2 id="visit-title" className="section__title">
            {visitUs.title}
          </h2>
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
                <FeatureIcon name="cash" size={20} />
                {visitUs.payment}
              </li>
              <li>
                <FeatureIcon name="card" size={20} />
                {visitUs.card}
              </li>
              <li>
                <FeatureIcon name="car" size={20} />
                {visitUs.pickup}
              </li>
            </ul>
            <p className="visit-us__more">
              <Link to="/locations" prefetch="intent">
                Maps and directions to both stores
              </Link>
            </p>
          </div>
        </div>
      </section>

      <section className="section section--dark about-section about-cta" aria-labelledby="about-cta-title">
        <div className="container about-cta__inner">
          <h2 id="about-cta-title" className="section__title">
            {aboutCta.title}
          </h2>
          <p>{aboutCta.text}</p>
          <div className="button-row">
            <Link className="button-link button-link--light" to="/deals" prefetch="intent">
              View Deals
            </Link>
            <a className="button-link button-link--ghost-light" href="/#menu">
              Shop Live Menu
            </a>
          </div>
        </div>
      </section>
    </div>
  );
}
