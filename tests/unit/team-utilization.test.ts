import { describe, expect, it } from 'vitest';
import { parse } from '../../src/contract/shape';
import { featuresUsed } from '../../src/islands/team/UtilizationSection';
import {
  previousMonth,
  utilizationCsv,
  type MemberUse,
} from '../../functions/services/organizations/utilization';
import { benchFixtures } from '../../scripts/bench-fixtures';
import { isGetTeamUtilizationAnswer } from '../../src/generated/answers/GetTeamUtilizationAnswer';

describe('team utilization rules', () => {
  it('names the commands used, in ribbon order, with their counts', () => {
    expect(featuresUsed([1200, 0, 0, 3, 0, 0, 0, 0, 0])).toEqual([
      'Renumber Views 1,200',
      'Sheet Notes 3',
    ]);
    expect(featuresUsed([0, 0, 0, 0, 0, 0, 0, 0, 0])).toEqual([]);
  });

  it('reports on the month before, across a year end', () => {
    expect(previousMonth(Date.UTC(2027, 0, 2, 5))).toEqual({
      start: Date.UTC(2026, 11, 1),
      end: Date.UTC(2027, 0, 1),
      key: '2026-12',
      name: 'December 2026',
    });
  });

  it('writes one quoted CSV row per member, formulas defused', () => {
    const member: MemberUse = {
      userId: 'u1',
      customerName: '@SUM(A1), "boss"',
      email: '-x@example.com',
      joinedAt: Date.UTC(2026, 2, 1),
      lastActivityAt: null,
      devicesInUse: 0,
      features: [0, 0, 0, 0, 0, 0, 0, 0, 1],
      idle: true,
    };
    const [, row] = utilizationCsv([member]).split('\r\n');
    expect(row).toBe(
      `"'@SUM(A1), ""boss""","'-x@example.com","2026-03-01T00:00:00.000Z","","0","0","0","0","0","0","0","0","0","1","Yes"`,
    );
  });

  it("the bench's answer is a valid utilization", () => {
    const answer = benchFixtures().answers['GET /api/team/utilization'];
    expect(parse(isGetTeamUtilizationAnswer, answer)).toBe(answer);
  });
});
