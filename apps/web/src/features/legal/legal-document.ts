/** A legal document: where it is shown, when it last changed, and its texts' bundle key. */
export interface LegalDocument {
  /** Its texts (title, sections of a heading and paragraphs) under legal.<key> in the bundle. */
  readonly key: 'terms' | 'privacy';
  readonly path: string;
  /** ISO date of the last change. */
  readonly updated: string;
}

/** One section as the bundle holds it: a heading, then paragraphs p1, p2, … in order. */
export type LegalSectionTexts = { readonly heading: string } & Readonly<Record<string, string>>;
