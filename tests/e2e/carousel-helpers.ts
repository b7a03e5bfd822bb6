import type { Locator } from "@playwright/test";
import { expect } from "./fixtures";

/** The label ("n of m") of the left-most slide showing in the carousel's viewport. */
export function firstVisibleSlide(carousel: Locator): Promise<string | null> {
  return carousel.evaluate((root) => {
    const viewport = root.querySelector(".carousel__viewport")!.getBoundingClientRect();
    let best: { left: number; label: string | null } | null = null;
    for (const slide of root.querySelectorAll('[aria-roledescription="slide"]')) {
      // The slide's content, not its box: slides carry the gap as left padding.
      const { left } = (slide.firstElementChild ?? slide).getBoundingClientRect();
      if (left < viewport.left - 2 || left > viewport.right - 10) continue;
      if (!best || left < best.left) best = { left, label: slide.getAttribute("aria-label") };
    }
    return best?.label ?? null;
  });
}

/** "3 of 10" → "4 of 10"; "10 of 10" → "1 of 10" (looping). */
export function followingLabel(label: string, step = 1): string {
  const [n, m] = label.split(" of ").map(Number);
  return `${((n - 1 + step + m) % m) + 1} of ${m}`;
}

/** Waits until the carousel has hydrated (its buttons show) and returns its controls. */
export async function hydratedCarousel(carousel: Locator) {
  const next = carousel.getByRole("button", { name: "Next slide" });
  const previous = carousel.getByRole("button", { name: "Previous slide" });
  await expect(next).toBeVisible({ timeout: 15_000 });
  return { next, previous, toggle: carousel.getByRole("button", { name: /automatic slide show/ }) };
}

/** Every slide of a carousel can be scrolled into view (used with JavaScript off). */
export async function expectEverySlideReachable(carousel: Locator, count: number) {
  const slides = carousel.locator('[aria-roledescription="slide"]');
  await expect(slides).toHaveCount(count);
  for (let i = 0; i < count; i++) {
    const slide = slides.nth(i);
    await expect(slide).toHaveAttribute("aria-label", `${i + 1} of ${count}`);
    await slide.scrollIntoViewIfNeeded();
    await expect(slide).toBeInViewport({ ratio: 0.9 });
  }
}
