import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints, at the end of a unit run, each Vitest project's wall time (its first file queued to its
 * last file done; the projects share the workers, so their spans overlap), its files and tests.
 * `.ci/run` shows it as the unit stages of its time per stage.
 */
export default class ProjectTimesReporter implements Reporter {
  private readonly spans = new Map<string, { first: number; last: number; files: number; tests: number }>();

  onTestModuleQueued(module: TestModule) {
    const name = module.project.name;
    if (!this.spans.has(name)) this.spans.set(name, { first: performance.now(), last: 0, files: 0, tests: 0 });
  }

  onTestModuleEnd(module: TestModule) {
    const span = this.spans.get(module.project.name);
    if (!span) return;
    span.last = performance.now();
    span.files += 1;
    span.tests += [...module.children.allTests()].length;
  }

  onTestRunEnd() {
    if (this.spans.size === 0) return;
    const lines = [...this.spans].map(
      ([name, s]) =>
        `unit ${name.padEnd(16)} ${String(Math.round((s.last - s.first) / 1000)).padStart(4)}s  ${s.files} files, ${s.tests} tests`,
    );
    console.log(`\n--- unit time per project (wall, overlapping)\n${lines.join('\n')}`);
  }
}
