import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

/**
 * Search answers kept as a fixture: the bytes each query answered when the SQL ranking was the
 * reference (before decision 460 made the listing index the only engine), so the index is held to
 * exactly those answers. `WRITE_SEARCH_GOLDEN=1` writes the file from the answers seen instead of
 * comparing (only to record a deliberate change of behaviour, reviewed in the diff).
 */
export type GoldenAnswers = {
  /** Checks (or records) the bytes one query answered at one step of a test. */
  check(step: string, url: string, raw: string): void;
  /** Writes the file when recording; a no-op otherwise. */
  save(): void;
};

export function goldenAnswers(name: string): GoldenAnswers {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), `${name}.json`);
  const recording = process.env.WRITE_SEARCH_GOLDEN === '1';
  const kept: Record<string, Record<string, string>> = !recording && existsSync(file)
    ? JSON.parse(readFileSync(file, 'utf8'))
    : {};
  const seen: Record<string, Record<string, string>> = {};
  return {
    check(step, url, raw) {
      if (recording) {
        seen[step] ??= {};
        seen[step][url] = raw;
        return;
      }
      const expected = kept[step]?.[url];
      expect(expected, `${name}.json has no answer for ${step} ${url}`).toBeDefined();
      expect({ step, url, raw }).toEqual({ step, url, raw: expected });
    },
    save() {
      if (recording) writeFileSync(file, `${JSON.stringify(seen, null, 1)}\n`);
    },
  };
}
