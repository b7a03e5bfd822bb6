/** Marks demo content: made-up reviews must never pass as real customers' words (16 CFR 465). */
export function SampleReviewNote() {
  return <span className="sample-review-note">Sample review</span>;
}
