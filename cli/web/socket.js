// The engine protocol over the page's WebSocket: ask(cmd, args) -> Promise of the answer.
// Progress events go to the `onProgress` callback given with the request.

/** A connection to `vsai serve`, whose token the page's own URL carries. */
export class Engine {
  constructor(url) {
    this.url = url;
    this.nextId = 1;
    this.pending = new Map();       // id -> {resolve, reject, onProgress}
    this.onClose = () => {};
  }

  /** Open the socket; resolves once it is open. */
  open() {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(this.url);
      this.socket = socket;
      socket.onopen = () => resolve(this);
      socket.onerror = () => reject(new Error("cannot reach the vsai server"));
      socket.onclose = () => {
        for (const waiting of this.pending.values()) waiting.reject(new Error("the connection closed"));
        this.pending.clear();
        this.onClose();
      };
      socket.onmessage = (event) => this.receive(JSON.parse(event.data));
    });
  }

  receive(message) {
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    if (message.event === "progress") {
      waiting.onProgress?.(message);
      return;
    }
    this.pending.delete(message.id);
    if (message.ok) waiting.resolve(message);
    else waiting.reject(Object.assign(new Error(message.error.message), { code: message.error.code }));
  }

  /** Send one request; the promise holds its answer, or rejects with the error's message. */
  ask(cmd, args = {}, onProgress = null) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      this.socket.send(JSON.stringify({ id, cmd, ...args }));
    });
  }
}
