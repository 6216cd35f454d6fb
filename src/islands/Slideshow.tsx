import { useKeenSlider } from 'keen-slider/react';
import 'keen-slider/keen-slider.min.css';
import { useCallback, useEffect, useRef, useState } from 'react';
import './slideshow.css';

/** A showcase picture, resolved at build time (contract §3: id, pictureLowRes.url, picture.url). */
export interface SlidePicture {
  id: string;
  alt: string;
  /** A tiny WebP, inlined as a data URL so it shows without a request. */
  lowRes: string;
  /** The full WebP and its widths. */
  src: string;
  srcSet: string;
}

export interface SlideshowProps {
  /** Null until the pictures arrive (spec: 'Loading Slideshow'); resolved at build time today. */
  pictures: SlidePicture[] | null;
  /** Milliseconds between automatic advances. */
  intervalMs?: number;
}

/** The full picture is 3:2 and shown whole in a 480px-high slide: at most 720 CSS px wide. */
const SIZES = '(max-width: 752px) calc(100vw - 2rem), 720px';

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** The showcase carousel of contract §2: looping, dots and arrows, locked while it animates, pausable. */
export default function Slideshow({ pictures, intervalMs = 6000 }: SlideshowProps) {
  const count = pictures?.length ?? 0;
  const [current, setCurrent] = useState(0);
  // The built HTML holds only the first slide's tiny picture: the rest, and every full picture, come
  // once the island is running, so they never compete with the splash.
  const [mounted, setMounted] = useState(false);
  // Slides whose full picture may load: the current one and its neighbours, kept once loaded.
  const [wanted, setWanted] = useState<ReadonlySet<number>>(() => new Set());
  const [loaded, setLoaded] = useState<ReadonlySet<number>>(() => new Set());
  const [playing, setPlaying] = useState(false);
  const [held, setHeld] = useState(false);
  const animating = useRef(false);
  // The same fact as state, for the page: the track says it is busy while a slide moves.
  const [moving, setMoving] = useState(false);
  const reduced = useRef(false);

  // Until keen-slider has built itself the controls would do nothing: they stay disabled till then.
  const [ready, setReady] = useState(false);
  const [sliderRef, slider] = useKeenSlider<HTMLDivElement>({
    loop: true,
    // The slider is only built in the browser, so the motion preference can be read here directly.
    defaultAnimation: { duration: typeof window !== 'undefined' && prefersReducedMotion() ? 0 : 600 },
    created: () => setReady(true),
    slideChanged: (s) => setCurrent(s.track.details.rel),
    animationStarted: () => {
      animating.current = true;
      setMoving(true);
    },
    animationEnded: () => {
      animating.current = false;
      setMoving(false);
    },
    animationStopped: () => {
      animating.current = false;
      setMoving(false);
    },
  });

  // Auto-advance only for visitors who have not asked for less motion (WCAG 2.2.2, 2.3.3).
  useEffect(() => setMounted(true), []);

  useEffect(() => {
    reduced.current = prefersReducedMotion();
    setPlaying(!reduced.current && count > 1);
  }, [count, slider]);

  useEffect(() => {
    if (count === 0) return;
    setWanted((before) => {
      const next = new Set(before);
      for (const i of [current, (current + 1) % count, (current - 1 + count) % count]) next.add(i);
      return next.size === before.size ? before : next;
    });
  }, [current, count]);

  /** Every move goes through here: none while a slide is still moving (spec: locked while animating). */
  const move = useCallback(
    (how: 'prev' | 'next' | number) => {
      const s = slider.current;
      // An instant move (reduced motion) has no animation to wait for.
      if (!s || (animating.current && !reduced.current)) return;
      if (how === 'prev') s.prev();
      else if (how === 'next') s.next();
      else s.moveToIdx(how);
    },
    [slider],
  );

  useEffect(() => {
    if (!playing || held || count < 2) return;
    const timer = window.setInterval(() => move('next'), intervalMs);
    return () => window.clearInterval(timer);
  }, [playing, held, count, intervalMs, move]);

  const markLoaded = (index: number) =>
    setLoaded((before) => (before.has(index) ? before : new Set(before).add(index)));

  if (!pictures) {
    return (
      <div className="slideshow slideshow--loading">
        <p role="status">Loading Slideshow</p>
      </div>
    );
  }
  if (count === 0) return null;

  return (
    <section
      className="slideshow"
      aria-roledescription="carousel"
      aria-label="Our work"
      // Hovering or focusing the carousel holds the automatic advance (WCAG 2.2.2).
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <div className="slideshow__frame">
        <div
          ref={sliderRef}
          className="keen-slider slideshow__track"
          aria-live={playing && !held ? 'off' : 'polite'}
          aria-busy={moving}
        >
          {pictures.map((picture, index) => (
            <div
              key={picture.id}
              className="keen-slider__slide slideshow__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              aria-hidden={index !== current}
              data-picture={picture.id}
            >
              {(mounted || index === 0) && (
                <img
                  className="slideshow__low"
                  src={picture.lowRes}
                  alt={picture.alt}
                  width={24}
                  height={16}
                  decoding="async"
                />
              )}
              {mounted && wanted.has(index) && (
                <img
                  className={`slideshow__full${loaded.has(index) ? ' slideshow__full--loaded' : ''}`}
                  src={picture.src}
                  srcSet={picture.srcSet}
                  sizes={SIZES}
                  alt=""
                  width={720}
                  height={480}
                  loading="lazy"
                  decoding="async"
                  ref={(img) => {
                    // Loaded before hydration: React never sees the load event.
                    if (img?.complete && img.naturalWidth > 0) markLoaded(index);
                  }}
                  onLoad={() => markLoaded(index)}
                />
              )}
            </div>
          ))}
        </div>
        <Arrow way="prev" disabled={!ready} onClick={() => move('prev')} />
        <Arrow way="next" disabled={!ready} onClick={() => move('next')} />
      </div>
      <div className="slideshow__controls">
        {count > 1 && (
          <button type="button" className="slideshow__play" onClick={() => setPlaying((p) => !p)}>
            {playing ? 'Pause slideshow' : 'Play slideshow'}
          </button>
        )}
        <div className="slideshow__dots" role="group" aria-label="Choose a picture">
          {pictures.map((picture, index) => (
            <button
              key={picture.id}
              type="button"
              className="slideshow__dot"
              aria-label={`Picture ${index + 1} of ${count}`}
              aria-current={index === current ? 'true' : undefined}
              disabled={!ready}
              onClick={() => move(index)}
            />
          ))}
        </div>
      </div>
    </section>
  );
}

const ARROWS = {
  prev: { label: 'Previous picture', path: 'M15 5l-7 7 7 7' },
  next: { label: 'Next picture', path: 'M9 5l7 7-7 7' },
} as const;

/** The previous or next arrow over the picture. */
function Arrow({ way, disabled, onClick }: { way: keyof typeof ARROWS; disabled: boolean; onClick(): void }) {
  return (
    <button
      type="button"
      className={`slideshow__arrow slideshow__arrow--${way}`}
      aria-label={ARROWS[way].label}
      disabled={disabled}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={ARROWS[way].path} />
      </svg>
    </button>
  );
}
