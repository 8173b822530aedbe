import { writeFile } from 'node:fs/promises';
import * as prettier from 'prettier';

/** Writes a results page formatted as `npm run lint` wants it (its tables aligned by Prettier). */
export async function writeMarkdown(file: string, text: string): Promise<void> {
  const options = (await prettier.resolveConfig(file)) ?? {};
  await writeFile(file, await prettier.format(text, { ...options, filepath: file }));
}
