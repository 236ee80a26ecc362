// Preloaded into the Prism process (node --require): Prism exits when the process that started it is gone, even
// if that process was killed with SIGKILL and could not stop Prism itself. No Prism is ever left behind.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(0);
}, 1000).unref();
