/** The shape of a translation of an English bundle: every key, every leaf a string. */
export type Translation<T> = {
  readonly [K in keyof T]: T[K] extends string ? string : Translation<T[K]>;
};

/** A bundle in English (the spec's words) and its translations into the other four languages. */
export interface Bundle<T> {
  readonly en: T;
  readonly es: Translation<T>;
  /** Left out while a feature has only Spanish: English shows instead. */
  readonly zh?: Translation<T>;
  readonly vi?: Translation<T>;
  readonly ko?: Translation<T>;
}
