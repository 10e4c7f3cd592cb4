import type { ReactNode } from 'react';

/**
 * A form's error line (a request that failed, a rule the form as a whole breaks), read out when it
 * appears. Nothing is drawn while there is no message: `<FormError>{save.isError && errorMessage(…)}</FormError>`.
 */
export function FormError({ children, className = '' }: { children?: ReactNode; className?: string }) {
  if (children === undefined || children === null || children === false || children === '') return null;
  return (
    <p role="alert" className={`text-sm text-red-700 dark:text-red-400 ${className}`}>
      {children}
    </p>
  );
}
