"""The address of a page: WEB_BASE_URL (the public one, behind a reverse proxy), else the
local one the pages are served at. What Discord and the console print, and what the pages link
to (each page kind has one path; the token follows it)."""

from __future__ import annotations

from bot.settings import Settings, get_settings

PATHS = {"game": "g", "player": "p", "campaign": "c", "challenge": "s"}
SERVED: list[str] = []  # the address this process serves the pages at, once it does


def base_url(settings: Settings | None = None) -> str:
    settings = settings or get_settings()
    if settings.web_base_url:
        return settings.web_base_url
    if SERVED:  # WEB_PORT=0: the port the pages got
        return SERVED[0]
    host = settings.web_host
    shown = f"[{host}]" if ":" in host else host
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else shown
    return f"http://{shown}:{settings.web_port}"


def page_url(kind: str, token: str, settings: Settings | None = None) -> str:
    return f"{base_url(settings)}/{PATHS[kind]}/{token}"
