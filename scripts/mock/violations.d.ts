export interface PrismViolation {
  location: string[];
  severity: string;
  code: string | number;
  message: string;
}
export interface FieldError {
  pointer: string;
  /** Present when the contract's FieldError has a `code`. */
  code?: string;
  detail: string;
}
export interface DescribeOptions {
  describePattern?: (location: string[]) => string;
  findPatternComponent?: (location: string[]) => string | undefined;
  /** The contract's FieldError codes; without them the entries carry no code. */
  codes?: string[];
}
export function parseViolationsHeader(headerValue: string | undefined): PrismViolation[];
export function describeRequestViolations(
  violations: PrismViolation[],
  options?: DescribeOptions,
): { fieldErrors: FieldError[]; otherMessages: string[] };
