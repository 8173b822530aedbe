import { Subject } from 'rxjs';

export type ToastSeverity = 'success' | 'error';

export interface Toast {
  readonly id: number;
  readonly severity: ToastSeverity;
  readonly message: string;
  /** Spec 8: success toasts hide after 2 s, errors after 3 s. */
  readonly hideAfterMs: number;
}

const shown = new Subject<Toast>();
let sequence = 0;

function show(severity: ToastSeverity, message: string): void {
  sequence += 1;
  shown.next({
    id: sequence,
    severity,
    message,
    hideAfterMs: severity === 'success' ? 2000 : 3000,
  });
}

/** The one toast service: any feature calls it, the shell shows them bottom right. */
export const toast = {
  success: (message: string): void => show('success', message),
  error: (message: string): void => show('error', message),
};

export const toasts$ = shown.asObservable();
