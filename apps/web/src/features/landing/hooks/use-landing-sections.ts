import { LANDING_SECTIONS } from '@medbook/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { clampSection, sectionOf, WHEEL_THROTTLE_MS } from '../landing-rules';

export const HEADER_HEIGHT = 64;
export const anchorOf = (id: number) => LANDING_SECTIONS[id - 1]!.anchor;

/**
 * The landing page's active section: the one under the middle of the screen, or ?section=N at
 * first; `goTo` scrolls to one. On wide screens the wheel (once a second) and the up and down
 * arrows move a section at a time.
 */
export function useLandingSections(
  search: string,
  wide: boolean,
): { active: number; goTo: (section: number) => void } {
  const [active, setActive] = useState(() => sectionOf(search) ?? 1);
  const activeRef = useRef(active);
  const lastWheel = useRef(0);

  const goTo = useCallback((section: number) => {
    const id = clampSection(section);
    activeRef.current = id;
    setActive(id);
    document.getElementById(anchorOf(id))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, []);

  // ?section=N opens that section (the active one already, from the first render).
  useEffect(() => {
    const section = sectionOf(search);
    if (!section) return;
    activeRef.current = section;
    document.getElementById(anchorOf(section))?.scrollIntoView({ block: 'start' });
  }, [search]);

  // The section under the middle of the screen is the active one.
  useEffect(() => {
    const onScroll = () => {
      const middle = window.innerHeight / 2;
      for (const section of LANDING_SECTIONS) {
        const box = document.getElementById(section.anchor)?.getBoundingClientRect();
        if (box && box.top <= middle && box.bottom > middle) {
          activeRef.current = section.id;
          setActive(section.id);
          return;
        }
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

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
