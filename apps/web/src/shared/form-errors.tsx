import { Box } from '@mui/material';
import { type RefObject, useEffect, useRef, useState } from 'react';

/** In the accessibility tree, not on screen. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
  p: 0,
  m: '-1px',
} as const;

/** What a refused submit says to a screen reader: how many fields, then each field's message. */
export function errorSummary(
  errors: readonly (readonly [label: string, message: string])[],
): string {
  if (errors.length === 0) return '';
  const count = errors.length === 1 ? '1 field needs' : `${errors.length} fields need`;
  const sentence = ([label, message]: readonly [string, string]) =>
    `${label}: ${message}${/[.!?]$/.test(message) ? '' : '.'}`;
  return `${count} attention. ${errors.map(sentence).join(' ')}`;
}

/**
 * Client-side errors, announced: a submit the form refuses fills a live region with a summary
 * and moves focus to the first invalid field (the one MUI marks `aria-invalid`), once the errors
 * are on screen.
 */
export function useErrorAnnouncer(): {
  readonly formRef: RefObject<HTMLFormElement | null>;
  /** Each field's label and its message, if it has one (in the form's order). */
  readonly announce: (
    errors: readonly (readonly [label: string, message: string | null | undefined])[],
  ) => void;
  readonly region: React.ReactNode;
} {
  const formRef = useRef<HTMLFormElement | null>(null);
  const [message, setMessage] = useState('');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);
  const announce = (errors: readonly (readonly [string, string | null | undefined])[]) => {
    const found = errors.filter((entry): entry is readonly [string, string] => !!entry[1]);
    setMessage(errorSummary(found));
    setAttempt((n) => n + 1);
  };
  const region = (
    <Box
      role="alert"
      aria-live="assertive"
      aria-atomic="true"
      data-testid="form-errors"
      data-attempt={attempt}
      sx={VISUALLY_HIDDEN}
    >
      {/* A new node per attempt: the same summary twice is read out twice. */}
      <span key={attempt}>{message}</span>
    </Box>
  );
  return { formRef, announce, region };
}
