export interface PrismViolation {
  location: string[];
  severity: string;
  code: string | number;
  message: string;
}
export interface FieldError {
  pointer: string;
  detail: string;
}
export function parseViolationsHeader(headerValue: string | undefined): PrismViolation[];
export function describeRequestViolations(
  violations: PrismViolation[],
  describePattern?: (location: string[]) => string,
): { fieldErrors: FieldError[]; otherMessages: string[] };
