import type { ClientErrorReport } from '@farmstand/shared/schemas/ops';
import { afterEach, describe, expect, it } from 'vitest';
import { createErrorReporter, installErrorReporter, REPORTS_PER_MINUTE } from './error-reporter';

describe('error reporter', () => {
  let uninstall: (() => void) | undefined;
  afterEach(() => uninstall?.());

  it('reports window errors and unhandled rejections with message, stack and page', () => {
    const sent: ClientErrorReport[] = [];
    uninstall = installErrorReporter(createErrorReporter((r) => sent.push(r)));
    const error = new TypeError('product is undefined');
    window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }));
    const rejection = new Event('unhandledrejection') as Event & { reason: unknown };
    rejection.reason = new Error('fetch failed');
    window.dispatchEvent(rejection);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ kind: 'error', message: 'TypeError: product is undefined', url: window.location.href });
    expect(sent[0].stack).toContain('product is undefined');
    expect(sent[1]).toMatchObject({ kind: 'unhandledrejection', message: 'Error: fetch failed' });
  });

  it('sends the same message once a minute, at most a few a minute, and caps sizes', () => {
    const sent: ClientErrorReport[] = [];
    let clock = 0;
    const report = createErrorReporter(
      (r) => sent.push(r),
      () => clock,
    );
    report('error', new Error('same'));
    report('error', new Error('same'));
    expect(sent).toHaveLength(1);
    for (let i = 0; i < 20; i++) report('error', new Error(`different ${i}`));
    expect(sent).toHaveLength(REPORTS_PER_MINUTE);
    clock += 61_000;
    report('error', new Error('x'.repeat(5000)));
    expect(sent).toHaveLength(REPORTS_PER_MINUTE + 1);
    expect(sent.at(-1)?.message.length).toBe(1000);
  });
});
