"""`python -m bot.hosting.probe`: the container's HEALTHCHECK (slim images have no curl).

It asks this process's own `/readyz` on loopback, on the port the process serves it from: the
pages' WEB_PORT, or HEALTH_PORT when WEB_ENABLED=false. Exit 0 means ready; anything else
prints one line saying what answered, and exits 1.
"""

from __future__ import annotations

import sys
import urllib.error
import urllib.request

from bot.settings import Settings, get_settings

ANY_ADDRESS = {"", "0.0.0.0", "::", "[::]"}
# Never through an HTTP_PROXY the host may set: the address is this container's loopback.
DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def readyz_url(settings: Settings) -> str:
    """Where this process's readiness answers; ValueError when it answers nowhere we can ask."""
    port = settings.web_port if settings.web_enabled else settings.health_port
    if not port:
        where = "WEB_PORT" if settings.web_enabled else "HEALTH_PORT"
        raise ValueError(f"{where} is {port!r}: no fixed port to ask /readyz on")
    host = "127.0.0.1" if settings.web_host in ANY_ADDRESS else settings.web_host
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"http://{host}:{port}/readyz"


def probe(url: str, timeout: float = 4.0) -> str | None:
    """None when `url` answers 200; otherwise what went wrong, in one line."""
    try:
        with DIRECT.open(url, timeout=timeout) as answer:
            return None if answer.status == 200 else f"{url} answered {answer.status}"
    except urllib.error.HTTPError as exc:
        return f"{url} answered {exc.code}"
    except (OSError, ValueError) as exc:
        return f"{url}: {exc}"


def main() -> int:
    try:
        url = readyz_url(get_settings())
    except ValueError as exc:
        print(f"probe: {exc}", file=sys.stderr)
        return 1
    problem = probe(url)
    if problem is not None:
        print(f"probe: {problem}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
