// Waiting for the end of a run: Ctrl-C (SIGINT), SIGTERM or SIGHUP stop it cleanly; Prism dying on its own is a
// failure. Either way the caller's cleanup runs before the process exits.
export function waitForStop(prism) {
  return new Promise((resolve) => {
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
    const finish = (result) => {
      for (const signal of signals) process.removeListener(signal, onSignal);
      resolve(result);
    };
    const onSignal = (signal) => finish({ reason: 'signal', signal });
    for (const signal of signals) process.once(signal, onSignal);
    prism.exited.then(({ code, signal }) => finish({ reason: 'prism-exited', code, signal }));
  });
}

export function listen(server, host, port) {
  return new Promise((resolve, reject) => {
    server.once('error', (error) => {
      if (error.code === 'EADDRINUSE') reject(new Error(`${host}:${port} is already in use. Stop the other server or choose another port, for example PORT=4011 npm start.`));
      else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') reject(new Error(`Cannot listen on HOST=${host}: no such local address.`));
      else reject(error);
    });
    server.listen(port, host, () => resolve(server.address().port));
  });
}

export function closeServer(server) {
  server.closeAllConnections?.();
  return new Promise((resolve) => server.close(() => resolve()));
}
