// Problem titles (Problem.yaml: `title` is "a short summary of the problem type; the same for every occurrence of the
// type"): across every problem document the run received, one title per `type`. Each type met is a case; a type
// seen with two titles fails, showing the answer whose title differs from the first one seen.
import { type Exchange, mediaTypeOf, parseJsonBody } from '../send-request.js';
import type { CheckContext } from './check-context.js';

export function checkProblemTitlesStable(context: CheckContext, exchanges: Exchange[]): void {
  const byType = new Map<string, { title: unknown; exchange: Exchange; differing?: { title: unknown; exchange: Exchange } }>();
  for (const exchange of exchanges) {
    const { response } = exchange;
    if (!response || mediaTypeOf(response.headers) !== 'application/problem+json') continue;
    const problem = parseJsonBody(response) as { type?: unknown; title?: unknown } | undefined;
    if (typeof problem?.type !== 'string') continue;
    const first = byType.get(problem.type);
    if (!first) byType.set(problem.type, { title: problem.title, exchange });
    else if (first.title !== problem.title && !first.differing) first.differing = { title: problem.title, exchange };
  }
  for (const [type, { title, exchange, differing }] of byType) {
    const messages = differing
      ? [
          `type ${type} came with title ${JSON.stringify(title)} and with ${JSON.stringify(differing.title)}; a type's title is the same for every occurrence`,
        ]
      : [];
    context.recorder.record('problem-title-stable', `problems of type ${type}`, messages, differing?.exchange ?? exchange);
  }
}
