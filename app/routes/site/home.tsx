import { Link } from "react-router";
import {
  FeatureCardList,
  CarFeatureIcon,
  CardFeatureIcon,
  CashFeatureIcon,
  ClockFeatureIcon,
} from "~/components/site/feature-icon";
import { BrandCarousel } from "~/components/site/home/brand-carousel";
import { FaqAccordion } from "~/components/site/home/faq-accordion";
import { LatestPosts } from "~/components/site/home/latest-posts";
import { MenuEmbed } from "~/components/site/home/menu-embed";
import { Testimonials } from "~/components/site/home/testimonials";
import { StoreStructuredData } from "~/components/site/store-structured-data";
import { useRootData } from "~/components/ui/use-root-data";
import {
  brandsSection,
  categoryChipHref,
  categoryChips,
  closingCta,
  faq,
  goToBlurb,
  hero,
  infoCards,
  menuSection,
  valueHighlights,
} from "~/content/home";
import { site as facts } from "~/content/site";
import { useSite } from "~/components/ui/use-root-data";
import { StoreStatusLine } from "~/components/site/store-status";
import { formatLongDate } from "~/lib/dates";
import { pageMeta } from "~/lib/seo";
import { listFeaturedBrands } from "~/models/brands.server";
import { listLatestPublishedPosts } from "~/models/post-listing.server";
import { listFeaturedReviews } from "~/models/reviews.server";
import { HOME_TESTIMONIAL_COUNT } from "~/content/reviews";
import carouselStyles from "~/styles/carousel.css?url";
import homeStyles from "~/styles/home.css?url";
import type { Route } from "./+types/home";
import { logger } from "~/server/logger.server";
import { HYDRATES } from "~/lib/route-handle";
import { PageSection } from "~/components/site/page-section";

// Hydrates for the carousels (they move, with buttons and autoplay) and the live menu embed.
export const handle = HYDRATES;

/** Home shows the three newest visible posts (spec §9). */
export const HOME_LATEST_POSTS = 3;

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: carouselStyles },
  { rel: "stylesheet", href: homeStyles },
];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Medical Cannabis Dispensary in Norman, OK",
    titleStyle: "site-first",
    description: facts.description,
    path: "/",
  });

export async function loader() {
  // No list failing may take the page down: the section falls back (brands) or hides (blog, testimonials).
  const [brands, posts, testimonials] = await Promise.all([
    listFeaturedBrands().catch((error: unknown) => {
      logger.error({ err: error }, "Home: could not load the featured brands");
      return [];
    }),
    listLatestPublishedPosts(HOME_LATEST_POSTS).catch((error: unknown) => {
      logger.error({ err: error }, "Home: could not load the latest posts");
      return [];
    }),
    // The owner's featured reviews, newest first: the first three are the testimonials.
    listFeaturedReviews(HOME_TESTIMONIAL_COUNT).catch((error: unknown) => {
      logger.error({ err: error }, "Home: could not load the featured reviews");
      return [];
    }),
  ]);
  return {
    brands: brands.map((b) => ({ name: b.name, logoUrl: b.logo_url })),
    // What the sections show, no more: the data rides along in every hydrating page's HTML.
    posts: posts.map((p) => ({
      title: p.title,
      slug: p.slug,
      excerpt: p.excerpt,
      heroImageUrl: p.hero_image_url,
      publishedAt: new Date(p.published_at).toISOString(),
      publishedOn: formatLongDate(p.published_at),
      readMinutes: p.read_minutes,
    })),
    testimonials: testimonials.map((r) => ({
      quote: r.quote,
      author: r.author,
      rating: r.rating,
      isSample: r.is_sample,
    })),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { brands, posts, testimonials } = loaderData;
  const root = useRootData();
  const origin = (root?.publicUrl ?? "").replace(/\/$/, "");
  const site = useSite();
  const [mainStore] = site.stores;
  const blurb = goToBlurb(site.name);

  return (
    <div className="home">
      <section className="home-hero" aria-labelledby="home-hero-title">
        <div className="container home-hero__inner">
          <div className="home-hero__text">
            <p className="home-hero__kicker">{site.name}</p>
            <h1 id="home-hero-title">{hero.title}</h1>
            <p className="home-hero__lead">{hero.lead}</p>
            <div className="button-row">
              <a className="button-link button-link--light" href="#menu">
                Shop Now
              </a>
              <Link className="button-link button-link--ghost-light" to="/locations" prefetch="intent">
                Find a Store
              </Link>
            </div>
          </div>
          <ul className="home-hero__facts" aria-label="Good to know">
            <li>
              <ClockFeatureIcon size={22} />
              <span>
                {site.hours.headline}
                {site.stores.map((store) => (
                  <span key={store.id} className="home-hero__status">
                    <span>{store.shortName}</span>
                    <StoreStatusLine status={store.status} />
                  </span>
                ))}
              </span>
            </li>
            <li>
              <CashFeatureIcon size={22} />
              Cash only, ATM on site
            </li>
            <li>
              <CardFeatureIcon size={22} />
              Medical card required
            </li>
            <li>
              <CarFeatureIcon size={22} />
              Order online, curbside pickup
            </li>
          </ul>
        </div>
      </section>

      <nav className="category-chips" aria-label="Shop by category">
        <ul className="container">
          {categoryChips.map((chip) => (
            <li key={chip.label}>
              <a className="chip" href={categoryChipHref(chip)}>
                {chip.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <PageSection titleId="value-highlights-title" title="Why Shop With Us" className="value-highlights" hiddenTitle>
        <FeatureCardList cards={valueHighlights} className="value-highlights__list" itemClassName="" />
      </PageSection>

      <section className="section section--alt go-to" aria-labelledby="go-to-title">
        <div className="container">
          <div className="go-to__blurb">
            <h2 id="go-to-title" className="section__title">
              {blurb.title}
            </h2>
            {blurb.paragraphs.map((text) => (
              <p key={text}>{text}</p>
            ))}
            <Link className="button-link button-link--outline" to="/about" prefetch="intent">
              {blurb.linkLabel}
            </Link>
          </div>
          <FeatureCardList cards={infoCards(site.hours)} className="card-grid go-to__cards" />
        </div>
      </section>

      <section className="section brands-section" aria-labelledby="brands-title">
        <div className="container">
          <div className="section-head">
            <div>
              <h2 id="brands-title" className="section__title">
                {brandsSection.title}
              </h2>
              <p className="section__lead">{brandsSection.lead}</p>
            </div>
            <div className="button-row">
              <a className="button-link" href="#menu">
                Shop All Brands
              </a>
              <Link className="button-link button-link--outline" to="/brands" prefetch="intent">
                View All<span className="visually-hidden"> Brands</span>
              </Link>
            </div>
          </div>
          {brands.length > 0 ? <BrandCarousel brands={brands} /> : null}
        </div>
      </section>

      <PageSection titleId="menu-title" title={menuSection.title} tone="alt" className="menu-embed" id="menu">
        <p className="section__lead">{menuSection.lead}</p>
        <MenuEmbed embedUrl={site.menu.embedUrl} menuUrl={site.menu.url} />
      </PageSection>

      {posts.length > 0 ? (
        <PageSection
          titleId="latest-blog-title"
          title="Latest from the Blog"
          className="latest-blog"
          action={
            <Link className="button-link button-link--outline" to="/blog" prefetch="intent">
              View All Posts
            </Link>
          }
        >
          <LatestPosts posts={posts} />
        </PageSection>
      ) : null}

      {testimonials.length > 0 ? (
        <PageSection
          titleId="testimonials-title"
          title="What Our Customers Say"
          tone="alt"
          className="home-testimonials"
          action={
            <Link className="button-link button-link--outline" to="/reviews" prefetch="intent">
              Read All Reviews
            </Link>
          }
        >
          <Testimonials items={testimonials} />
        </PageSection>
      ) : null}

      <PageSection
        titleId="faq-title"
        title="Frequently Asked Questions"
        className="home-faq"
        containerClassName="container--narrow"
      >
        <FaqAccordion items={faq(site.hours)} />
      </PageSection>

      <PageSection
        titleId="closing-cta-title"
        title={closingCta.title}
        tone="dark"
        className="closing-cta"
        containerClassName="closing-cta__inner"
      >
        <p>{closingCta.text}</p>
        <div className="button-row">
          <Link className="button-link button-link--light" to="/deals" prefetch="intent">
            View Deals
          </Link>
          <a
            className="button-link button-link--ghost-light"
            href={mainStore.directionsUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            Get Directions<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </div>
      </PageSection>

      {origin ? <StoreStructuredData origin={origin} /> : null}
    </div>
  );
}
