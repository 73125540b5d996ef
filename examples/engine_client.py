"""Play a game against the vsai AI through `vsai engine` (JSON lines over a subprocess).

Only the standard library: start the engine, say hello, open a table, then loop: ask the state
as our seat sees it, play the first legal move when it is our turn (a real frontend would ask
its player), and let the AI move for every other seat. Run it as

    python examples/engine_client.py kilauea --seat 0 --iterations 500

with the `vsai` command on the PATH (or `--vsai .venv/bin/vsai`).
"""
import argparse
import itertools
import json
import subprocess


class Engine:
    """A `vsai engine` subprocess: `ask(cmd, **args)` sends a request and returns its answer."""

    def __init__(self, command):
        self.process = subprocess.Popen([command, "engine"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, bufsize=1)
        self.ids = itertools.count(1)

    def ask(self, cmd, **args):
        request_id = next(self.ids)
        self.process.stdin.write(json.dumps({"id": request_id, "cmd": cmd, **args}) + "\n")
        while True:  # skip progress events until our answer comes
            message = json.loads(self.process.stdout.readline())
            if message.get("id") == request_id and "event" not in message:
                if not message["ok"]:
                    raise RuntimeError(message["error"]["message"])
                return message

    def close(self):
        self.ask("quit")
        self.process.wait(timeout=10)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument("--iterations", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--vsai", default="vsai")
    args = parser.parse_args()
    engine = Engine(args.vsai)
    print("vsai", engine.ask("hello")["vsai"])
    table = engine.ask("new", game=args.game, seed=args.seed)["table"]
    while True:
        state = engine.ask("state", table=table, seat=args.seat)
        if state["terminal"]:
            print("returns", state["returns"], "scores", state["scores"])
            break
        if state["to_play"] == args.seat:
            move = state["legal"][0]
            engine.ask("play", table=table, move=move["action"])
            print("me:", move["text"])
        else:
            # viewer: the answer is worded as our seat may see it (a secret move stays secret).
            answer = engine.ask("ai", table=table, agent="ismcts", iterations=args.iterations,
                                seed=args.seed, viewer=args.seat)
            print(f"AI (seat {answer['seat']}):", answer["text"])
    engine.close()


if __name__ == "__main__":
    main()
