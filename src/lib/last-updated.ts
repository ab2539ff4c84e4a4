/**
 * When a content file last changed, for the "Last updated" line under a guide page: the date its
 * front matter gives, else the date of the file's last commit (read from git at build time). A
 * build without git history (an exported tarball) shows no date rather than a wrong one.
 */
import { execFileSync } from 'node:child_process';

/** A day, `YYYY-MM-DD`. */
export type IsoDay = string;

/** The committer date (`YYYY-MM-DD`, UTC) of the last commit that touched `filePath`, if any. */
export function lastCommitDay(filePath: string): IsoDay | undefined {
  try {
    const out = execFileSync(
      'git',
      ['log', '-1', '--format=%cd', '--date=format-local:%F', '--', filePath],
      {
        encoding: 'utf8',
        env: { ...process.env, TZ: 'UTC' },
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    ).trim();
    return /^\d{4}-\d{2}-\d{2}$/.test(out) ? out : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The day a page last changed: `frontMatter` when the editor set it, else the last commit of its
 * file. A file not committed yet (being written) has no commit: it counts as changed today.
 */
export function lastUpdatedDay(
  frontMatter: IsoDay | undefined,
  filePath: string | undefined,
  readCommit: (filePath: string) => IsoDay | undefined = lastCommitDay,
): IsoDay | undefined {
  if (frontMatter) return frontMatter;
  if (!filePath) return undefined;
  const state = gitState(filePath);
  if (state === 'untracked') return new Date().toISOString().slice(0, 10);
  return state === 'tracked' ? readCommit(filePath) : undefined;
}

/** Whether git tracks `filePath`, or there is no git repository (or no git) to ask. */
function gitState(filePath: string): 'tracked' | 'untracked' | 'no-git' {
  try {
    execFileSync('git', ['ls-files', '--error-unmatch', '--', filePath], { stdio: 'ignore' });
    return 'tracked';
  } catch (error) {
    // `--error-unmatch` exits 1 for a file git does not track; 128 outside a repository.
    return (error as { status?: number }).status === 1 ? 'untracked' : 'no-git';
  }
}
