// The --help text.
import { SANDBOX_COMPLETE_PATH, SANDBOX_EXPIRE_PATH, SANDBOX_READ_PATH } from './conformance-config.js';

export const USAGE = `checkout-conformance: check that a service honours the Checkout API contract.

Usage:
  CHECKOUT_API_KEY=<key> npx checkout-conformance --base-url URL [options]

Options:
  --base-url URL          Scheme and host of the service (a path prefix is allowed); required.
  --level schema|full     schema: only what a static mock of the contract can pass; full (default): every check.
  --report FILE           Write a JSON report with every failing case, its request and response.
  --junit FILE            Write a JUnit XML report for CI.
  --timeout DURATION      Per request, and for the callback to arrive: 5000, 500ms or 5s (default 5s).
  --callback-host HOST[:PORT]|none
                          The host (and port) under which the service reaches this machine, where the callback
                          receiver listens (on a free port unless PORT is given). The callback checks run by
                          default when --base-url is on loopback; elsewhere they need this flag. none turns them
                          off; the verdict then names them as not checked.
  --callback-listen ADDR  The address the receiver binds (default 127.0.0.1 for a loopback host, else 0.0.0.0).
  --complete-path PATH    The path (with {id}) that drives a checkout to completion, POSTed with the API key
                          (default ${SANDBOX_COMPLETE_PATH}, the sandbox's helper), or none
                          when the service calls back right after the create (the mock).
  --expire-path PATH      The path (with {id}) that expires a checkout, POSTed with the API key (default
                          ${SANDBOX_EXPIRE_PATH}), or none: the no-callback-on-expiry
                          check is then named as not run.
  --read-path PATH        The path (with {id}) that reads a checkout back, a GET with the API key (default
                          ${SANDBOX_READ_PATH}), or none: the status-final check (a completed or
                          expired checkout never changes again) is then named as not run.
  --retry-wait DURATION   How long to wait for a callback retry, and to listen for deliveries that must not come
                          (after a 410, a 2xx, an expiry): default 6.5s, the contract's first retry delay with its
                          jitter (5.5 s) and 1 s to arrive. A service with a shorter schedule passes sooner.
  --retry-schedule LIST   The service's retry delays, separated by commas (100ms,200ms,400ms), for a staging service
                          configured with short ones: callback-retry-schedule then checks every attempt's spacing
                          and that it gives up after the last. Without it that check is named as not run.
  --seed N                Seed of the generated bodies, to repeat a run exactly.
  --generated N           How many valid and invalid bodies to generate (default 16 each).
  --concurrency N         Requests in flight at once (default 4).
  -h, --help              Show this text.

Environment:
  CHECKOUT_API_KEY         The API key the service accepts. Read only from here; never printed or written.
  CHECKOUT_API_KEY_2       Optional: a second API key of the same service. Without it the promises scoped per key
                           (an Idempotency-Key of one key is not another's) are named as not checked.
  CHECKOUT_CALLBACK_SECRET The service's whsec_… signing secret; without it the checks that verify callback
                           signatures are named as not run (and --callback-host at level full asks for it).

Exit codes: 0 conformant (checks not run are named in the verdict), 1 violations found, 2 could not run (bad flags, missing key, service unreachable).
`;
