import path from 'node:path';

/** The repository root, the same from apps/api/src (tests) and apps/api/dist (built). */
export const PROJECT_ROOT = path.resolve(__dirname, '..', '..', '..', '..', '..');
