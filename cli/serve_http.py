"""The HTTP side of `vsai serve`: who may connect, and the page's files.

`vsai serve` runs on the `websockets` library alone: its `process_request` hook sees every
HTTP request before the WebSocket handshake, which is all a page of a few static files needs
(GET only, whole small bodies, one loopback client). The library parses HTTP; this module only
decides: the `Guard` checks `Host`, `Origin` and the URL token, and `static_response` answers
the page's files from package data (`vsai.cli/web/*` and each game's `web/board.js`).
"""
from __future__ import annotations

import hmac
import mimetypes
import re
from dataclasses import dataclass, field
from http import HTTPStatus
from importlib import resources
from urllib.parse import parse_qs, urlsplit

from websockets.datastructures import Headers
from websockets.http11 import Request, Response

# The page's own files: plain names, no folders, a known kind.
_STATIC_NAME = re.compile(r"^[a-z0-9_-]+\.(html|js|css|svg)$")
_GAME_FILE = re.compile(r"^/games/([a-z0-9_]+)/([a-z0-9_-]+\.(?:js|css|svg))$")
_TYPES = {"html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8",
          "css": "text/css; charset=utf-8", "svg": "image/svg+xml"}
# The page may load only its own files and talk only to its own server.
_PAGE_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
                "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'")


@dataclass
class Guard:
    """Who may load the page and open the socket: the served host names, the token (None: no
    token asked, `--no-token`), and whether any Host is accepted (`--allow-remote`)."""

    hosts: set[str] = field(default_factory=set)
    token: str | None = None
    any_host: bool = False

    @staticmethod
    def for_address(host: str, port: int, token: str | None, any_host: bool = False) -> "Guard":
        """The guard of a server listening on host:port: its own names for that port."""
        names = {host, "localhost", "127.0.0.1", "[::1]"} if host in ("127.0.0.1", "localhost", "::1") else {host}
        names = {f"[{n}]" if ":" in n and not n.startswith("[") else n for n in names}
        return Guard({f"{n}:{port}".lower() for n in names}, token, any_host)

    def refusal(self, request: Request) -> tuple[HTTPStatus, str] | None:
        """Why `request` is refused (status, reason), or None when it may go on."""
        host = (request.headers.get("Host") or "").lower()
        if not self.any_host and host not in self.hosts:
            return HTTPStatus.FORBIDDEN, f"Host {host or '(none)'} is not this server's"
        origin = request.headers.get("Origin")
        if origin is not None and origin.lower() not in (f"http://{host}", f"https://{host}"):
            return HTTPStatus.FORBIDDEN, f"Origin {origin} is not this page's"
        if self.needs_token(request) and not self.token_ok(request):
            return HTTPStatus.FORBIDDEN, "a valid ?token=... is needed: use the URL `vsai serve` printed"
        return None

    def needs_token(self, request: Request) -> bool:
        """The socket and the page itself need the token; the page's code and style do not
        (they hold nothing secret and a module import cannot carry it)."""
        if self.token is None:
            return False
        path = urlsplit(request.path).path
        return is_socket(request) or path in ("/", "/index.html")

    def token_ok(self, request: Request) -> bool:
        """Whether the request's `?token=` is the server's."""
        given = parse_qs(urlsplit(request.path).query).get("token", [""])[0]
        return self.token is not None and hmac.compare_digest(given.encode(), self.token.encode())


def is_socket(request: Request) -> bool:
    """Whether `request` asks for the WebSocket (an Upgrade), not a file."""
    return "websocket" in (request.headers.get("Upgrade") or "").lower()


def plain_response(status: HTTPStatus, text: str) -> Response:
    """A short text answer (an error page) that closes the connection."""
    return _response(status, "text/plain; charset=utf-8", (text + "\n").encode())


def static_response(path: str) -> Response:
    """The answer to GET `path`: the page, one of its files, or a game's board; else 404."""
    path = urlsplit(path).path
    if path in ("/", "/index.html"):
        path = "/static/index.html"
    data = kind = None
    if path.startswith("/static/") and _STATIC_NAME.match(path[len("/static/"):]):
        name = path[len("/static/"):]
        data, kind = _read("vsai.cli", ("web", name)), name.rsplit(".", 1)[1]
    elif found := _GAME_FILE.match(path):
        data, kind = _game_file(found.group(1), found.group(2)), found.group(2).rsplit(".", 1)[1]
    if data is None:
        return plain_response(HTTPStatus.NOT_FOUND, f"no file {path}")
    response = _response(HTTPStatus.OK, _TYPES.get(kind) or mimetypes.types_map.get("." + kind, "text/plain"), data)
    if kind == "html":
        response.headers["Content-Security-Policy"] = _PAGE_POLICY
    return response


def _game_file(game: str, name: str) -> bytes | None:
    from vsai.core import get_spec, list_games

    if game not in list_games():
        return None
    package = get_spec(game).rules_package
    data = _read(package, ("web", name)) if package else None
    if data is None and name == "board.js":  # a game without its own board: text and buttons
        data = _read("vsai.cli", ("web", "fallback.js"))
    return data


def _read(package: str, parts: tuple[str, ...]) -> bytes | None:
    try:
        return resources.files(package).joinpath(*parts).read_bytes()
    except (FileNotFoundError, ModuleNotFoundError, IsADirectoryError, NotADirectoryError):
        return None


def _response(status: HTTPStatus, content_type: str, body: bytes) -> Response:
    headers = Headers([("Content-Type", content_type), ("Content-Length", str(len(body))),
                       ("X-Content-Type-Options", "nosniff"), ("Cache-Control", "no-cache"),
                       ("Referrer-Policy", "no-referrer"), ("Connection", "close")])
    return Response(status.value, status.phrase, headers, body)
