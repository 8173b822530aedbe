import { useState } from 'react';
import { translateText } from '../../../shared/i18n';

/**
 * A dialog's form state: the values, and each field's problem once it was touched or a save
 * was tried (the problems are the API's DTO checks, run in the browser, in the chosen language).
 */
export function useEntryForm<F extends object>(
  initial: F,
  errorsOf: (form: F) => Partial<Record<keyof F, string>>,
) {
  const [form, setForm] = useState<F>(initial);
  const [touched, setTouched] = useState<ReadonlySet<keyof F>>(new Set());
  const [tried, setTried] = useState(false);
  const errors = errorsOf(form);
  return {
    form,
    set: <K extends keyof F>(field: K, value: F[K]) => {
      setForm((f) => ({ ...f, [field]: value }));
      setTouched((t) => new Set(t).add(field));
    },
    shown: (field: keyof F): string | undefined => {
      const problem = tried || touched.has(field) ? errors[field] : undefined;
      return problem === undefined ? undefined : translateText(problem);
    },
    /** Whether the form may be sent; shows every problem when it may not. */
    ready: (): boolean => {
      setTried(true);
      return Object.keys(errors).length === 0;
    },
  };
}
