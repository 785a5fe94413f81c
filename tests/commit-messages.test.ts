// Commit messages as Git expects (git log --oneline reads as a list of what changed): from the first commit that kept
// the rule on, each subject is at most 72 characters, and a body is parted from it by a blank line.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** The first commit written to the rule; the history before it is left as it was. */
const SINCE = '982e86b';
const SUBJECT_MAX = 72;

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: import.meta.dirname, encoding: 'utf8', maxBuffer: 64 << 20 });

describe('commit messages', () => {
  it('have a subject of at most 72 characters and a blank line before the body', () => {
    const log = git('log', '--format=%H%x00%B%x01', `${SINCE}^..HEAD`);
    const commits = log
      .split('\x01')
      .map((c) => c.trim())
      .filter(Boolean);
    expect(commits.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const c of commits) {
      const [hash = '', message = ''] = c.split('\x00');
      const [subject = '', second] = message.split('\n');
      if (subject.length > SUBJECT_MAX)
        wrong.push(`${hash.slice(0, 7)}: subject of ${subject.length} characters`);
      if (second !== undefined && second.trim() !== '')
        wrong.push(`${hash.slice(0, 7)}: no blank line after the subject`);
    }
    expect(wrong).toEqual([]);
  });
});
