"""A Discord-compatible gateway and REST API on loopback, for `python -m bench.gateway`.

A bot connects to it unmodified (only discord.py's API base points here): it logs in, asks for
the gateway, opens a WebSocket, identifies and gets READY and one server with its channels.
The benchmark then sends INTERACTION_CREATE events over that WebSocket and times each one until
the bot's answer (the interaction callback) arrives, as a Discord client would see it; every
other REST call (follow-ups, message edits, pins) is answered like Discord does, with the
message it made. Nothing leaves 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import collections
import itertools
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

APPLICATION = 900_000_000_000_000_001
BOT_USER = 900_000_000_000_000_002
GUILD = 900_000_000_000_000_100
CHANNELS = 900_000_000_000_010_000  # channel i is CHANNELS + i
USERS = 900_000_000_000_100_000  # the player of channel i is USERS + i
COMMAND = 900_000_000_000_000_500
# The bot's rights in every channel: read, send, embed, attach, history, manage and pin
# messages, threads.
BOT_RIGHTS = sum(1 << bit for bit in (10, 11, 13, 14, 15, 16, 34, 35, 38, 51))
PLAYER_RIGHTS = sum(1 << bit for bit in (10, 11, 14, 15, 16, 31))  # + use application commands
HEARTBEAT_MS = 41_250
STAMP = "2026-01-01T00:00:00+00:00"


def user(user_id: int, name: str, *, bot: bool = False) -> dict[str, Any]:
    return {
        "id": str(user_id),
        "username": name,
        "discriminator": "0",
        "global_name": name,
        "avatar": None,
        "bot": bot,
        "public_flags": 0,
        "flags": 0,
    }


def member(user_id: int, name: str, *, bot: bool = False) -> dict[str, Any]:
    return {
        "user": user(user_id, name, bot=bot),
        "roles": [],
        "nick": None,
        "joined_at": STAMP,
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "pending": False,
        "flags": 0,
        "communication_disabled_until": None,
        "avatar": None,
    }


def channel(index: int) -> dict[str, Any]:
    return {
        "id": str(CHANNELS + index),
        "type": 0,
        "guild_id": str(GUILD),
        "name": f"table-{index}",
        "position": index,
        "permission_overwrites": [],
        "nsfw": False,
        "parent_id": None,
        "topic": None,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "flags": 0,
    }


def guild_create(channels: int) -> dict[str, Any]:
    everyone = {
        "id": str(GUILD),
        "name": "@everyone",
        "permissions": str(PLAYER_RIGHTS),
        "position": 0,
        "color": 0,
        "hoist": False,
        "managed": False,
        "mentionable": False,
        "flags": 0,
    }
    bot_role = everyone | {"id": str(GUILD + 1), "name": "Bot", "permissions": str(BOT_RIGHTS)}
    bot_member = member(BOT_USER, "bot", bot=True) | {"roles": [str(GUILD + 1)]}
    return {
        "id": str(GUILD),
        "name": "bench",
        "owner_id": str(USERS),
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "description": None,
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": "en-US",
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "vanity_url_code": None,
        "application_id": None,
        "max_members": 500_000,
        "features": [],
        "emojis": [],
        "stickers": [],
        "roles": [everyone, bot_role],
        "member_count": channels + 1,
        "large": False,
        "unavailable": False,
        "joined_at": STAMP,
        "members": [bot_member, *(member(USERS + i, f"player{i}") for i in range(channels))],
        "channels": [channel(i) for i in range(channels)],
        "threads": [],
        "presences": [],
        "voice_states": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
        "premium_progress_bar_enabled": False,
    }


def application() -> dict[str, Any]:
    return {
        "id": str(APPLICATION),
        "name": "bench",
        "icon": None,
        "description": "",
        "rpc_origins": [],
        "bot_public": True,
        "bot_require_code_grant": False,
        "owner": user(USERS, "player0"),
        "summary": "",
        "verify_key": "0" * 64,
        "team": None,
        "flags": 0,
        "bot": user(BOT_USER, "bot", bot=True),
    }


def slash(name: str, options: dict[str, Any], sub: str | None = None) -> dict[str, Any]:
    """The `data` of a chat-input command: `/name [sub] option:value …`."""
    kinds = {bool: 5, int: 4, float: 10, str: 3}
    given = [{"name": k, "type": kinds[type(v)], "value": v} for k, v in options.items()]
    if sub is not None:
        given = [{"name": sub, "type": 1, "options": given}]
    return {"id": str(COMMAND), "name": name, "type": 1, "options": given, "guild_id": str(GUILD)}


@dataclass
class Pending:
    sent: float
    answered: asyncio.Future[float]


def interaction(
    interaction_id: int, token: str, index: int, data: dict[str, Any]
) -> dict[str, Any]:
    """A slash command's INTERACTION_CREATE from channel `index`'s player."""
    return {
        "id": str(interaction_id),
        "application_id": str(APPLICATION),
        "type": 2,
        "token": token,
        "version": 1,
        "data": data,
        "guild_id": str(GUILD),
        "channel_id": str(CHANNELS + index),
        "channel": channel(index),
        "member": member(USERS + index, f"player{index}") | {"permissions": str(PLAYER_RIGHTS)},
        "app_permissions": str(BOT_RIGHTS),
        "locale": "en-US",
        "guild_locale": "en-US",
        "entitlements": [],
        "authorizing_integration_owners": {"0": str(GUILD)},
        "context": 0,
        "attachment_size_limit": 26_214_400,
    }


@dataclass
class FakeDiscord:
    """The server side. `interact` sends one command and returns its round trip in seconds."""

    channels: int = 201
    identified: asyncio.Event = field(default_factory=asyncio.Event)
    identified_at: float = 0.0
    rest_calls: int = 0
    last_rest: float = 0.0
    unknown: list[str] = field(default_factory=list)
    routes: collections.Counter[str] = field(default_factory=collections.Counter)
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(10**15))
    _seq: itertools.count[int] = field(default_factory=lambda: itertools.count(1))
    _pending: dict[str, Pending] = field(default_factory=dict)
    intents: int = 0  # what the bot asked for in its IDENTIFY
    _ws: web.WebSocketResponse | None = None
    _runner: web.AppRunner | None = None
    port: int = 0

    # ------------------------------------------------------------------ life
    async def start(self) -> int:
        app = web.Application(client_max_size=32 * 1024 * 1024)
        app.router.add_get("/gw", self._gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self.port

    async def stop(self) -> None:
        if self._ws is not None:
            await self._ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    # ------------------------------------------------------------------ driving
    async def interact(self, index: int, data: dict[str, Any]) -> float:
        """INTERACTION_CREATE from channel `index`'s player; seconds until the bot answers."""
        token = f"tok{next(self._ids)}"
        interaction_id = next(self._ids)
        payload = interaction(interaction_id, token, index, data)
        loop = asyncio.get_running_loop()
        pending = Pending(time.perf_counter(), loop.create_future())
        self._pending[token] = pending
        await self._send("INTERACTION_CREATE", payload)
        try:
            answered = await asyncio.wait_for(pending.answered, 30)
        finally:
            self._pending.pop(token, None)
        return answered - pending.sent

    async def quiet(self, seconds: float) -> None:
        """Wait until the bot has made no REST call for `seconds` (its work after replies)."""
        while True:
            idle = time.perf_counter() - self.last_rest
            if idle >= seconds:
                return
            await asyncio.sleep(seconds - idle)

    async def chatter(self, messages: int) -> int:
        """The server's other life: `messages` people writing in its channels, each first
        typing, as Discord sends it to a bot whose intents ask for it (GUILD_MESSAGES 1 << 9,
        GUILD_MESSAGE_TYPING 1 << 11); returns the events sent. Interactions come whatever
        the intents."""
        sent = 0
        for n in range(messages):
            index = n % self.channels
            author = member(USERS + 10_000 + n % 50, f"chatter{n % 50}")
            where = {"guild_id": str(GUILD), "channel_id": str(CHANNELS + index)}
            if self.intents & 1 << 11:
                typing = {"user_id": author["user"]["id"], "timestamp": int(time.time())}
                await self._send("TYPING_START", where | typing | {"member": author})
                sent += 1
            if self.intents & 1 << 9:
                message = self._message(where["channel_id"], {}, next(self._ids))
                said = {k: v for k, v in author.items() if k != "user"}
                await self._send(
                    "MESSAGE_CREATE", message | {"author": author["user"], "member": said}
                )
                sent += 1
        return sent

    async def _send(self, event: str, data: dict[str, Any]) -> None:
        assert self._ws is not None, "no bot connected"
        await self._ws.send_str(json.dumps({"op": 0, "t": event, "s": next(self._seq), "d": data}))

    # ------------------------------------------------------------------ gateway
    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self._ws = ws
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_MS}}))
        async for frame in ws:
            if frame.type != WSMsgType.TEXT:
                continue
            message = json.loads(frame.data)
            op = message.get("op")
            if op == 1:
                await ws.send_str(json.dumps({"op": 11}))
            elif op == 2:
                self.intents = int(message["d"].get("intents", 0))
                self.identified_at = time.perf_counter()
                self.identified.set()
                await self._send("READY", self._ready(message["d"]))
                await self._send("GUILD_CREATE", guild_create(self.channels))
        return ws

    def _ready(self, identify: dict[str, Any]) -> dict[str, Any]:
        shard = identify.get("shard") or [0, 1]
        return {
            "v": 10,
            "user": user(BOT_USER, "bot", bot=True) | {"verified": True, "mfa_enabled": False},
            "guilds": [{"id": str(GUILD), "unavailable": True}],
            "session_id": "bench-session",
            "resume_gateway_url": f"ws://127.0.0.1:{self.port}/gw",
            "shard": shard,
            "application": {"id": str(APPLICATION), "flags": 0},
            "private_channels": [],
            "relationships": [],
        }

    # ------------------------------------------------------------------ REST
    async def _rest(self, request: web.Request) -> web.StreamResponse:
        now = time.perf_counter()
        self.rest_calls += 1
        self.last_rest = now
        parts = request.match_info["tail"].split("/")
        method = request.method
        self.routes[" ".join([method, *("#" if p[-1:].isdigit() else p for p in parts)])] += 1
        body = await _body(request)
        if parts[0] == "interactions" and parts[-1] == "callback":
            return self._callback(parts[2], body, now)
        answer = self._route(method, parts, body)
        if answer is None:
            self.unknown.append(f"{method} /{'/'.join(parts)}")
            return _json({"message": "Unknown route", "code": 0}, status=404)
        if answer == 204:
            return web.Response(status=204)
        return _json(answer)

    def _callback(self, token: str, body: dict[str, Any], now: float) -> web.Response:
        pending = self._pending.get(token)
        if pending is not None and not pending.answered.done():
            pending.answered.set_result(now)
        data = body.get("data") or {}
        kind = body.get("type", 4)
        message_id = next(self._ids)
        answer: dict[str, Any] = {
            "interaction": {
                "id": str(message_id),
                "type": 2,
                "response_message_id": str(message_id),
                "response_message_loading": kind == 5,
                "response_message_ephemeral": bool(data.get("flags", 0) & 64),
            }
        }
        if kind in (4, 5):
            answer["resource"] = {"type": kind, "message": self._message(None, data, message_id)}
        return _json(answer)

    def _route(self, method: str, parts: list[str], body: dict[str, Any]) -> Any:
        route: dict[tuple[str, str], Callable[[], Any]] = {
            ("GET", "users/@me"): lambda: user(BOT_USER, "bot", bot=True),
            ("GET", "oauth2/applications/@me"): application,
            ("GET", "applications/@me"): application,
            ("GET", "gateway/bot"): lambda: {
                "url": f"ws://127.0.0.1:{self.port}/gw",
                "shards": 1,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            },
            ("GET", "gateway"): lambda: {"url": f"ws://127.0.0.1:{self.port}/gw"},
        }
        found = route.get((method, "/".join(parts)))
        if found is not None:
            return found()
        if parts[0] == "channels" and len(parts) >= 2:
            return self._channel_route(method, parts, body)
        if parts[0] == "webhooks" and len(parts) >= 3:
            if method in ("POST", "PATCH"):
                return self._message(None, body, next(self._ids))
            if method == "DELETE":
                return 204
        return None

    def _channel_route(self, method: str, parts: list[str], body: dict[str, Any]) -> Any:
        channel_id = parts[1]
        rest = parts[2:]
        if not rest and method == "GET":
            return channel(int(channel_id) - CHANNELS)
        if rest[:1] == ["messages"]:
            if "pins" in rest or method == "DELETE":
                return 204
            if len(rest) == 1 and method == "POST":
                return self._message(channel_id, body, next(self._ids))
            if len(rest) == 2 and method == "PATCH":
                return self._message(channel_id, body, int(rest[1]))
        if rest[:1] == ["pins"]:
            return 204
        return None

    @staticmethod
    def _message(channel_id: str | None, body: dict[str, Any], message_id: int) -> dict[str, Any]:
        return {
            "id": str(message_id),
            "channel_id": channel_id or str(CHANNELS),
            "guild_id": str(GUILD),
            "author": user(BOT_USER, "bot", bot=True),
            "content": body.get("content") or "",
            "timestamp": STAMP,
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": body.get("embeds") or [],
            "components": body.get("components") or [],
            "pinned": False,
            "type": 0,
            "flags": body.get("flags") or 0,
        }


def _json(data: Any, status: int = 200) -> web.Response:
    """discord.py reads a body as JSON only when its type is exactly application/json."""
    body = json.dumps(data).encode()
    return web.Response(body=body, status=status, headers={"Content-Type": "application/json"})


async def _body(request: web.Request) -> dict[str, Any]:
    """The JSON a request carries, plain or as the `payload_json` part of a multipart form."""
    if not request.can_read_body:
        return {}
    if request.content_type.startswith("multipart/"):
        reader = await request.multipart()
        body: dict[str, Any] = {}
        async for part in reader:
            data = await part.read()  # type: ignore[union-attr]
            if getattr(part, "name", None) == "payload_json":
                body = json.loads(data)
        return body
    raw = await request.read()
    return json.loads(raw) if raw else {}
