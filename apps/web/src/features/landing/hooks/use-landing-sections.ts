import { LANDING_SECTIONS } from '@medbook/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { clampSection, sectionOf, WHEEL_THROTTLE_MS } from '../landing-rules';

export const HEADER_HEIGHT = 64;
/** A jump has settled when no scroll event came for this long. */
const SETTLE_MS = 200;
export const anchorOf = (id: number) => LANDING_SECTIONS[id - 1]!.anchor;

/**
 * The landing page's active section: the one under the middle of the screen, or ?section=N at
 * first; `goTo` scrolls to one. On wide screens the wheel (once a second) and the up and down
 * arrows move a section at a time.
 *
 * While `goTo`'s smooth scroll runs, its target stays the active section: the sections it passes
 * do not light their dots, and an arrow pressed mid-jump moves on from the target, not from a
 * section scrolled past (CI saw Telemedicine, then the arrow down, land on Reputation Management).
 * Once the scroll settles the target stays active while it is on screen (the last section is too
 * short to reach the middle); otherwise the section under the middle is read again.
 */
export function useLandingSections(
  search: string,
  wide: boolean,
): { active: number; goTo: (section: number) => void } {
  const [active, setActive] = useState(() => sectionOf(search) ?? 1);
  const activeRef = useRef(active);
  const lastWheel = useRef(0);
  const jumping = useRef<ReturnType<typeof setTimeout> | null>(null);

  const readMiddle = useCallback(() => {
    const middle = window.innerHeight / 2;
    for (const section of LANDING_SECTIONS) {
      const box = document.getElementById(section.anchor)?.getBoundingClientRect();
      if (box && box.top <= middle && box.bottom > middle) {
        activeRef.current = section.id;
        setActive(section.id);
        return;
      }
    }
  }, []);

  const settle = useCallback(() => {
    if (jumping.current) clearTimeout(jumping.current);
    jumping.current = null;
    const box = document.getElementById(anchorOf(activeRef.current))?.getBoundingClientRect();
    if (!box || box.bottom <= HEADER_HEIGHT || box.top >= window.innerHeight) readMiddle();
  }, [readMiddle]);

  /** Restarts the jump's quiet timer; the jump ends when it runs out. */
  const holdJump = useCallback(() => {
    if (jumping.current) clearTimeout(jumping.current);
    jumping.current = setTimeout(settle, SETTLE_MS);
  }, [settle]);

  const goTo = useCallback(
    (section: number) => {
      const id = clampSection(section);
      activeRef.current = id;
      setActive(id);
      const target = document.getElementById(anchorOf(id));
      if (!target) return;
      holdJump();
      // Already there: an instant scroll, which also stops a smooth one still on its way
      // elsewhere (Chromium keeps that one going when asked to smooth-scroll to where it is).
      const offset = target.getBoundingClientRect().top;
      window.scrollTo({
        top: window.scrollY + offset,
        behavior: Math.abs(offset) < 1 ? 'instant' : 'smooth',
      });
    },
    [holdJump],
  );

  // ?section=N opens that section (the active one already, from the first render).
  useEffect(() => {
    const section = sectionOf(search);
    if (!section) return;
    activeRef.current = section;
    holdJump();
    document.getElementById(anchorOf(section))?.scrollIntoView({ block: 'start' });
  }, [search, holdJump]);

  // The section under the middle of the screen is the active one (once a jump has settled).
  useEffect(() => {
    const onScroll = () => {
      if (jumping.current) holdJump();
      else readMiddle();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (jumping.current) clearTimeout(jumping.current);
    };
  }, [holdJump, readMiddle]);

  // Wheel and arrows move a section at a time on wide screens; a section taller than the
  // screen scrolls natively until its edge, so no part of it is out of reach.
  useEffect(() => {
    if (!wide) return;
    const step = (direction: 1 | -1, event: Event): void => {
      const box = document.getElementById(anchorOf(activeRef.current))?.getBoundingClientRect();
      if (box && direction > 0 && box.bottom > window.innerHeight + 2) return;
      if (box && direction < 0 && box.top < HEADER_HEIGHT - 2) return;
      event.preventDefault();
      const now = Date.now();
      if (now - lastWheel.current < WHEEL_THROTTLE_MS) return;
      lastWheel.current = now;
      goTo(activeRef.current + direction);
    };
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY !== 0) step(event.deltaY > 0 ? 1 : -1, event);
    };
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [role="listbox"], [role="menu"]')) return;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        goTo(activeRef.current + (event.key === 'ArrowDown' ? 1 : -1));
      }
    };
    window.addEventListener('wheel', onWheel, { passive: false });
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('wheel', onWheel);
      window.removeEventListener('keydown', onKey);
    };
  }, [wide, goTo]);

  return { active, goTo };
}
