// Writing to stdout and stderr so that neither can stop the process. `npm start | head -1` closes the pipe after one
// line; the next write then fails with EPIPE, which Node raises as an 'error' event on the stream, and with no listener
// that ends the process (exit 1). A bin outlives whoever reads its output (issue 28, R11): an error or a close on a
// stream ends the writing to that stream, and nothing else.

/** Writes text to `stream` until it fails or closes (EPIPE, a closed pipe or terminal), then drops what follows. */
export function createStreamWriter(stream: NodeJS.WritableStream): (text: string) => void {
  let open = true;
  const stop = () => {
    open = false;
  };
  // Kept for the life of the process: a failed write may report its error more than once.
  stream.on('error', stop);
  stream.on('close', stop);
  return (text) => {
    if (!open) return;
    try {
      stream.write(text);
    } catch {
      // A stream already destroyed may throw at once instead of emitting 'error'.
      open = false;
    }
  };
}
