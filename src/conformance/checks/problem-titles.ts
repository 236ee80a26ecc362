// Problem titles (Problem.yaml: `title` is "a short summary of the problem type; the same for every occurrence of the
// type"): across every problem document the run receives, one title per `type`. Each type met is a case; a type
// seen with two titles fails, showing the answer whose title differs from the first one seen. Answers are observed
// as they arrive and only each type's first title is kept (for at most MAX_TYPES types, each title cut), so a hostile
// service that invents a type per answer costs the run a bounded amount of memory.

import type { CheckDefinition } from '../check-definition.js';
import type { AnswerObserver, CheckModule } from '../check-module.js';
import { type Exchange, mediaTypeOf, parseJsonBody } from '../send-request.js';
import type { CheckContext } from './check-context.js';

/** The checks this module records, each with the promises of the ledger (promises.json) it observes. */
export const PROBLEM_TITLES_CHECKS = [
  {
    name: 'problem-title-stable',
    level: 'full',
    source: 'D2',
    title: "Every problem document of one type carries the same title (Problem.yaml: the type's short summary)",
    promises: ['errors.problem-shape'],
  },
] as const satisfies readonly CheckDefinition[];

const MAX_TYPES = 200;
const MAX_TITLE_CHARS = 500;

export interface ProblemTitleObserver {
  observe(exchange: Exchange): void;
  /** Records a passing case for each type that kept one title. */
  finish(): void;
}

export function observeProblemTitles(context: CheckContext): ProblemTitleObserver {
  const byType = new Map<string, { title: unknown; differs: boolean }>();
  const caseOf = (type: string) => `problems of type ${type.slice(0, MAX_TITLE_CHARS)}`;
  const keepable = (title: unknown) => (typeof title === 'string' ? title.slice(0, MAX_TITLE_CHARS) : title);
  return {
    observe(exchange) {
      const { response } = exchange;
      if (!response || mediaTypeOf(response.headers) !== 'application/problem+json') return;
      const problem = parseJsonBody(response) as { type?: unknown; title?: unknown } | undefined;
      if (typeof problem?.type !== 'string') return;
      const first = byType.get(problem.type);
      if (!first) {
        if (byType.size < MAX_TYPES) byType.set(problem.type, { title: keepable(problem.title), differs: false });
        return;
      }
      if (first.differs || first.title === keepable(problem.title)) return;
      first.differs = true;
      const message = `type ${problem.type} came with title ${JSON.stringify(first.title)} and with ${JSON.stringify(problem.title)}; a type's title is the same for every occurrence`;
      context.recorder.record('problem-title-stable', caseOf(problem.type), [message], exchange);
    },
    finish() {
      for (const [type, { differs }] of byType) if (!differs) context.recorder.record('problem-title-stable', caseOf(type), []);
    },
  };
}

export const PROBLEM_TITLES_MODULE: CheckModule<typeof PROBLEM_TITLES_CHECKS> = {
  checks: PROBLEM_TITLES_CHECKS,
  observer: (context): AnswerObserver | undefined =>
    context.recorder.isActive('problem-title-stable') ? observeProblemTitles(context) : undefined,
};
