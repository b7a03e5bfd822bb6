import { StarIcon } from "~/components/ui/icons";

const STARS = [1, 2, 3, 4, 5] as const;

/** Five stars, `rating` of them filled; read out as "Rated 4 out of 5". */
export function StarRating({ rating, size = 18 }: { rating: number; size?: number }) {
  const label = `Rated ${rating} out of 5`;
  return (
    <span className="star-rating" role="img" aria-label={label} title={label}>
      {STARS.map((star) => (
        <StarIcon
          key={star}
          size={size}
          filled={star <= rating}
          className={star <= rating ? "star-rating__star" : "star-rating__star star-rating__star--empty"}
        />
      ))}
    </span>
  );
}
