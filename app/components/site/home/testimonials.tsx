import { StarIcon } from "~/components/ui/icons";

/** A featured review as the home page shows it. */
export interface Testimonial {
  quote: string;
  author: string;
  rating: number;
  /**
   * A demo review not yet replaced by the owner: labelled so it never passes as a real customer's words
   * (16 CFR 465).
   */
  isSample: boolean;
}

const STARS = [1, 2, 3, 4, 5] as const;

export function Testimonials({ items }: { items: Testimonial[] }) {
  return (
    <ul className="testimonials">
      {items.map((item, index) => (
        <li key={`${index}-${item.author}`} className="card testimonial">
          <figure>
            <div className="testimonial__stars" role="img" aria-label={`${item.rating} out of 5 stars`}>
              {STARS.map((star) => (
                <StarIcon key={star} size={18} filled={star <= item.rating} />
              ))}
            </div>
            <blockquote>
              <p>{item.quote}</p>
            </blockquote>
            <figcaption>
              <span className="testimonial__author">{item.author}</span>
              {item.isSample ? <span className="testimonial__sample">Sample review</span> : null}
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
