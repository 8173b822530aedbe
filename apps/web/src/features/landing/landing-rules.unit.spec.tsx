import { LANDING_SECTIONS } from '@medbook/contracts';
import {
  clampSection,
  hasLandingMarker,
  landingShown,
  landingState,
  sectionOf,
} from './landing-rules';

describe('landing page rules (spec 2.6)', () => {
  it('has the ten sections in the spec’s order, the demo form last', () => {
    expect(LANDING_SECTIONS.map((s) => s.title)).toEqual([
      'Home',
      'Reputation Management',
      'Messenger',
      'Online Scheduling',
      'Digital Check-In',
      'Telemedicine',
      'Patient Surveys',
      'Payments',
      'Continued Care',
      'Request a Demo',
    ]);
    expect(LANDING_SECTIONS.map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('reads the section marker clamped to 1..10 and ignores anything else', () => {
    expect(sectionOf('?section=4')).toBe(4);
    expect(sectionOf('?section=0')).toBe(1);
    expect(sectionOf('?section=99')).toBe(10);
    expect(sectionOf('?section=abc')).toBeNull();
    expect(sectionOf('?section=1e9')).toBeNull();
    expect(sectionOf('')).toBeNull();
    expect(clampSection(-3)).toBe(1);
    expect(clampSection(11)).toBe(10);
  });

  it('shows only when enabled, at the root, with a marker or the landing state', () => {
    expect(hasLandingMarker('?utm_source=mail')).toBe(true);
    expect(hasLandingMarker('?section=2')).toBe(true);
    expect(hasLandingMarker('?q=x')).toBe(false);
    expect(landingShown(true, '/', '?utm_source=mail', false)).toBe(true);
    expect(landingShown(true, '/', '?section=3', false)).toBe(true);
    expect(landingShown(true, '/', '', true)).toBe(true);
    expect(landingShown(true, '/', '', false)).toBe(false);
    expect(landingShown(false, '/', '?utm_source=mail', true)).toBe(false);
    expect(landingShown(true, '/provider-search', '?utm_source=mail', true)).toBe(false);
  });

  it('keeps the landing state for the visit until it is turned off', () => {
    landingState.set(true);
    expect(landingState.read()).toBe(true);
    landingState.set(false);
    expect(landingState.read()).toBe(false);
  });
});
