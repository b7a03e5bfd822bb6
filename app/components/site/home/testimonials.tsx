import { StarIcon } from "~/components/ui/icons";
import type { Testimonial } from "~/content/home";

export function Testimonials({ items }: { items: Testimonial[] }) {
  return (
    <ul className="testimonials">
      {items.map((item) => (
        <li key={item.author} className="card testimonial">
          <figure>
            <div className="testimonial__stars" role="img" aria-label="5 out of 5 stars">
              {Array.from({ length: 5 }, (_, i) => (
                <StarIcon key={i} size={18} />
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
