// Breaking changes accepted on purpose against one release: corrections of a contract that contradicted itself,
// which the gate cannot tell from a break (any edit of a pattern counts, D26). They sit beside the release they are
// measured against, `openapi/released/accepted-<version>.json`, each with its reason, so the exception is reviewed
// like code and ends with the next release (a new baseline has nothing to accept). Like oasdiff's ignore files, an
// entry names one finding exactly: its rule and its place.
import { existsSync, readFileSync } from 'node:fs';
import { locateAcceptedBreaks } from './released-contracts.js';

export interface AcceptedBreak {
  /** The finding's rule, such as `pattern-changed`. */
  rule: string;
  /** The finding's place, exactly as the gate prints it. */
  where: string;
  /** Why the break is accepted: the decision it corrects the contract to. */
  reason: string;
}

/** What is left of the findings once the accepted ones are taken out, and the accepted entries nothing matched. */
export interface SortedFindings<Finding> {
  breaking: Finding[];
  accepted: Array<{ finding: Finding; reason: string }>;
  unmatched: AcceptedBreak[];
}

/** The accepted breaks against the release at `basePath` (`accepted-<version>.json` beside it); none for another file. */
export function readAcceptedBreaks(basePath: string): AcceptedBreak[] {
  const path = locateAcceptedBreaks(basePath);
  if (path === undefined || !existsSync(path)) return [];
  const { accepted } = JSON.parse(readFileSync(path, 'utf8')) as { accepted?: AcceptedBreak[] };
  if (!Array.isArray(accepted) || accepted.some((entry) => !entry.rule || !entry.where || !entry.reason)) {
    throw new Error(`${path}: "accepted" must be a list of { rule, where, reason }`);
  }
  return accepted;
}

/** Takes the accepted findings out; an accepted entry that matches nothing is returned too, to be removed. */
export function sortFindings<Finding extends { rule: string; where: string }>(
  findings: Finding[],
  acceptedBreaks: AcceptedBreak[],
): SortedFindings<Finding> {
  const reasonOf = (finding: Finding) =>
    acceptedBreaks.find((entry) => entry.rule === finding.rule && entry.where === finding.where)?.reason;
  const accepted = findings.flatMap((finding) => {
    const reason = reasonOf(finding);
    return reason === undefined ? [] : [{ finding, reason }];
  });
  return {
    breaking: findings.filter((finding) => reasonOf(finding) === undefined),
    accepted,
    unmatched: acceptedBreaks.filter((entry) => !findings.some((finding) => finding.rule === entry.rule && finding.where === entry.where)),
  };
}
