/** Every /api/v1 response, success or error, has this shape. */
export interface Envelope<T> {
  readonly status_code: number;
  readonly message: string;
  readonly data: T;
}
