import Autoplay from "embla-carousel-autoplay";
import useEmblaCarousel from "embla-carousel-react";
import { useCallback, useEffect, useId, useMemo, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { ChevronLeftIcon, ChevronRightIcon } from "~/components/ui/icons";

export interface CarouselSlide {
  /** Stable React key. */
  key: string;
  content: ReactNode;
}

/** Slides visible at once: one number, or per breakpoint (sm ≥ 640px, md ≥ 900px, lg ≥ 1180px). */
export type SlidesPerView = number | { base: number; sm?: number; md?: number; lg?: number };

export interface CarouselProps {
  /** Accessible name of the carousel region, e.g. "Brands we carry". */
  label: string;
  slides: CarouselSlide[];
  /** Milliseconds between automatic slides; omit for no autoplay. */
  autoplayDelay?: number;
  loop?: boolean;
  slidesPerView?: SlidesPerView;
  className?: string;
}

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function slidesPerViewStyle(value: SlidesPerView): CSSProperties {
  const spv = typeof value === "number" ? { base: value } : value;
  const style: Record<string, number> = { "--carousel-spv-base": spv.base };
  if (spv.sm) style["--carousel-spv-sm"] = spv.sm;
  if (spv.md) style["--carousel-spv-md"] = spv.md;
  if (spv.lg) style["--carousel-spv-lg"] = spv.lg;
  return style as CSSProperties;
}

/**
 * An accessible carousel (APG pattern). The server sends a horizontally scrollable, scroll-snapping
 * track, so every slide is reachable without JavaScript; once hydrated, Embla takes the track over,
 * the previous/next (and pause) buttons appear, and autoplay runs unless the visitor prefers reduced
 * motion. Autoplay stops for good on any interaction: drag, hover, focus or a button press; the
 * pause/play button restarts it.
 * Needs `~/styles/carousel.css` linked by the route.
 */
export function Carousel({ label, slides, autoplayDelay, loop = false, slidesPerView = 1, className }: CarouselProps) {
  const autoplay = useMemo(
    () =>
      autoplayDelay
        ? [Autoplay({ delay: autoplayDelay, playOnInit: false, stopOnInteraction: true, stopOnMouseEnter: true })]
        : [],
    [autoplayDelay],
  );
  const [viewportRef, api] = useEmblaCarousel({ loop, align: "start" }, autoplay);
  const [ready, setReady] = useState(false);
  const [scrollable, setScrollable] = useState(false);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);
  const [playing, setPlaying] = useState(false);
  const trackId = useId();

  // Whether autoplay should run: false once the visitor interacts or prefers reduced motion. Embla
  // re-initialises its plugins (stopping autoplay) on resize, so this survives in a ref.
  const wantsPlay = useRef(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!api) return;
    const plugin = api.plugins().autoplay;
    const sync = () => {
      setScrollable(api.scrollSnapList().length > 1);
      setCanPrev(api.canScrollPrev());
      setCanNext(api.canScrollNext());
    };
    const resume = () => {
      if (plugin && wantsPlay.current && api.scrollSnapList().length > 1 && !plugin.isPlaying()) plugin.play();
    };
    const onReInit = () => {
      sync();
      resume();
    };
    const onPlay = () => setPlaying(true);
    const onStop = () => setPlaying(false);
    // The server-rendered track may have been scrolled natively before hydration.
    api.rootNode().scrollLeft = 0;
    sync();
    setReady(true);
    api.on("select", sync).on("reInit", onReInit).on("autoplay:play", onPlay).on("autoplay:stop", onStop);

    const motion = window.matchMedia(REDUCED_MOTION);
    const applyMotionPreference = () => {
      wantsPlay.current = !motion.matches;
      if (motion.matches) plugin?.stop();
      else resume();
    };
    applyMotionPreference();
    motion.addEventListener("change", applyMotionPreference);

    // Any interaction stops autoplay for good: hover, pointer or keyboard focus (the pause/play
    // button excepted, so pressing it does what it says).
    const region = root.current;
    const interacted = (event: Event) => {
      if (event.target instanceof Element && event.target.closest(".carousel__button--play")) return;
      wantsPlay.current = false;
      plugin?.stop();
    };
    region?.addEventListener("mouseenter", interacted);
    region?.addEventListener("pointerdown", interacted);
    region?.addEventListener("focusin", interacted);
    return () => {
      motion.removeEventListener("change", applyMotionPreference);
      region?.removeEventListener("mouseenter", interacted);
      region?.removeEventListener("pointerdown", interacted);
      region?.removeEventListener("focusin", interacted);
      api.off("select", sync).off("reInit", onReInit).off("autoplay:play", onPlay).off("autoplay:stop", onStop);
    };
  }, [api]);

  const stopAutoplay = useCallback(() => {
    wantsPlay.current = false;
    api?.plugins().autoplay?.stop();
  }, [api]);
  const previous = useCallback(() => {
    stopAutoplay();
    api?.scrollPrev();
  }, [api, stopAutoplay]);
  const next = useCallback(() => {
    stopAutoplay();
    api?.scrollNext();
  }, [api, stopAutoplay]);
  const togglePlay = useCallback(() => {
    const plugin = api?.plugins().autoplay;
    if (!plugin) return;
    if (plugin.isPlaying()) {
      wantsPlay.current = false;
      plugin.stop();
    } else {
      wantsPlay.current = true;
      plugin.play();
    }
  }, [api]);

  const total = slides.length;
  const showControls = ready && scrollable;
  const classes = ["carousel", ready ? "carousel--ready" : "", className ?? ""].filter(Boolean).join(" ");

  return (
    <div
      ref={root}
      className={classes}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      style={slidesPerViewStyle(slidesPerView)}
    >
      <div
        className="carousel__viewport"
        ref={viewportRef}
        // Without JavaScript the track scrolls natively; keyboard users need to be able to focus it.
        tabIndex={ready ? undefined : 0}
      >
        <div className="carousel__track" id={trackId} aria-live={playing ? "off" : "polite"}>
          {slides.map((slide, index) => (
            <div
              key={slide.key}
              className="carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${total}`}
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
      <div className="carousel__controls" hidden={!showControls}>
        <StepButton label="Previous slide" onClick={previous} disabled={!canPrev} trackId={trackId}>
          <ChevronLeftIcon size={22} />
        </StepButton>
        {autoplayDelay ? (
          <button type="button" className="carousel__button carousel__button--play" onClick={togglePlay}>
            {playing ? "Pause" : "Play"}
            <span className="visually-hidden"> automatic slide show</span>
          </button>
        ) : null}
        <StepButton label="Next slide" onClick={next} disabled={!canNext} trackId={trackId}>
          <ChevronRightIcon size={22} />
        </StepButton>
      </div>
    </div>
  );
}

/** The previous or next button: it names the track it moves, and is off at the track's end. */
function StepButton({
  label,
  onClick,
  disabled,
  trackId,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled: boolean;
  trackId: string;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      className="carousel__button"
      onClick={onClick}
      disabled={disabled}
      aria-controls={trackId}
      aria-label={label}
    >
      {children}
    </button>
  );
}
