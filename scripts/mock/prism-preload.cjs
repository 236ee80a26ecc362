// Preloaded into the Prism process (node --require), for two things Prism 5.14.2 does not do itself.
//
// 1. Exit when the process that started it is gone, even if that process was killed with SIGKILL and could not
//    stop Prism itself: no Prism is ever left behind.
// 2. Keep its `sl-violations` header writable. Prism writes the request's violations there as JSON.stringify
//    output, which keeps characters above U+00FF as they are: a field named "日本", or the U+FFFD that invalid
//    UTF-8 decodes to, is quoted in a violation. Node refuses such a header with a TypeError that escapes Prism's
//    promise chain and ends the process, so one request would stop the mock. Escaping every non-ASCII character as
//    \uXXXX gives the same JSON (the front parses it) in a header Node accepts.
const http = require('node:http');

const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(0);
}, 1000).unref();

const setHeader = http.ServerResponse.prototype.setHeader;
http.ServerResponse.prototype.setHeader = function setHeaderWritably(name, value) {
  const escaped = typeof value === 'string' && String(name).toLowerCase() === 'sl-violations' ? escapeNonAscii(value) : value;
  return setHeader.call(this, name, escaped);
};

function escapeNonAscii(json) {
  return json.replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
