"""Settings from the environment and .env (pydantic-settings).

An empty value means unset, so `.env.example` runs exactly as copied. A bad value stops the
process with one line that names the setting, the value given and what is allowed
(`describe`); README's settings table is built from the same declarations (`allowed`)."""

from __future__ import annotations

import ipaddress
import re
from functools import cache
from pathlib import Path
from types import UnionType
from typing import Annotated, Any, Literal, Union, get_args, get_origin
from urllib.parse import urlsplit

from pydantic import (
    Field,
    SecretStr,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict


def _allowed(text: str) -> dict[str, Any]:
    """What a setting accepts, in words, where its type alone does not say it."""
    return {"allowed": text}


def _comma_list(value: str) -> list[str]:
    """`0, 1` or `10.0.0.0/8,::1`: the parts, spaces and empty parts dropped."""
    return [part for part in value.replace(" ", "").split(",") if part]


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    discord_token: SecretStr | None = Field(
        default=None,
        description="the bot token (Developer Portal, Bot tab); unset: the offline console",
        json_schema_extra=_allowed("the token Discord shows"),
    )
    database_url: str = Field(
        default="",
        description="the database; unset: the SQLite file DATA_DIR/soloist.db",
        json_schema_extra=_allowed(
            "postgres://user:password@host:5432/name (also postgresql:// and ?sslmode=…) "
            "or sqlite:///path/file.db"
        ),
    )
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = Field(
        default="INFO", description="how much the log says"
    )
    dev_guild_id: int | None = Field(
        default=None, ge=1, description="the server `python -m bot sync --guild` syncs to at once"
    )
    console_user_id: int = Field(default=1, description="who you are in the offline console")
    console_channel_id: int = Field(
        default=1, description="the channel the offline console plays in"
    )
    console_files: Path | None = Field(
        default=None,
        description="where the console saves pictures and exports; unset: DATA_DIR/console",
        json_schema_extra=_allowed("a folder"),
    )
    shard_count: int | None = Field(
        default=None, ge=1, description="shards over all processes; unset: Discord decides"
    )
    shard_ids: Annotated[list[int] | None, NoDecode] = Field(
        default=None,
        description="the shards this process runs; unset: all of them",
        json_schema_extra=_allowed(
            "comma-separated shard numbers from 0 to SHARD_COUNT - 1, e.g. 0,1; needs SHARD_COUNT"
        ),
    )
    # The web pages (bot/web): where they are served, and the public address links name.
    web_host: str = Field(
        default="127.0.0.1",
        description="the address the pages listen on",
        json_schema_extra=_allowed("an address or host name (0.0.0.0: every address)"),
    )
    web_port: int = Field(
        default=8765, ge=0, le=65535, description="the port the pages listen on; 0: any free one"
    )
    web_base_url: str | None = Field(
        default=None,
        description="the public address in links, e.g. https://soloist.example; "
        "unset: http://WEB_HOST:WEB_PORT",
        json_schema_extra=_allowed("an address starting with http:// or https://"),
    )
    web_workers: int = Field(
        default=1,
        ge=0,
        le=32,
        description="processes that build game pages (started with the pages); "
        "0: threads of the serving process",
    )
    web_live_streams: int = Field(
        default=500,
        ge=0,
        le=100_000,
        description="live streams of running games' pages a web process keeps open at once "
        "(past it: 503)",
    )
    web_live_per_client: int = Field(
        default=20,
        ge=0,
        le=100_000,
        description="live streams one client address may keep open in a web process (past it: 429)",
    )
    # Hosting (issue 40): where the bot writes, the database pool and start-up, health,
    # logs. Declared here once; each is read where its work is done.
    data_dir: Path = Field(
        default=Path("var"),
        description="where the bot writes: the SQLite file, console files",
        json_schema_extra=_allowed("a folder (made when missing)"),
    )
    migrate_on_start: bool = Field(
        default=True,
        description="apply pending migrations at start; false: run `python -m bot migrate` "
        "as a one-off job",
    )
    db_pool_size: int = Field(default=5, ge=1, le=100, description="connections kept open")
    db_max_overflow: int = Field(
        default=10, ge=0, le=100, description="connections opened beyond the pool under load"
    )
    db_wait_seconds: float = Field(
        default=60.0, ge=0, le=3600, description="how long start-up waits for the database"
    )
    web_enabled: bool = Field(
        default=True, description="a bot process serves the pages too; false: it does not"
    )
    health_port: int | None = Field(
        default=None,
        ge=0,
        le=65535,
        description="where /healthz, /readyz and /metrics listen when the pages are off",
    )
    trusted_proxies: Annotated[list[str], NoDecode] = Field(
        default_factory=list,
        description="CIDRs whose X-Forwarded-For is believed",
        json_schema_extra=_allowed("comma-separated addresses or networks, e.g. 10.0.0.0/8,::1"),
    )
    log_format: Literal["text", "json"] = Field(
        default="text", description="the log's form; json: one JSON object a line"
    )

    @field_validator("log_level", "log_format", mode="before")
    @classmethod
    def _any_case(cls, value: Any, info: ValidationInfo) -> Any:
        """`info` and `JSON` mean what they say."""
        if isinstance(value, str):
            given = value.strip()
            value = given.upper() if info.field_name == "log_level" else given.lower()
            kind = cls.model_fields[str(info.field_name)].annotation
            return value if value in get_args(kind) else given  # refused as given
        return value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_separated(cls, value: Any) -> Any:
        if isinstance(value, str):
            parts = _comma_list(value)
            if not all(part.isdigit() for part in parts):
                raise ValueError("each shard is a number from 0 up")
            return [int(part) for part in parts] or None
        return value

    @field_validator("shard_ids")
    @classmethod
    def _within_shard_count(cls, ids: list[int] | None, info: ValidationInfo) -> list[int] | None:
        """The shard settings are checked together: discord.py would refuse ids without a
        count with a traceback, and accept ids beyond the count until Discord refuses them."""
        if ids is None or "shard_count" not in info.data:  # a bad SHARD_COUNT is said alone
            return ids
        count = info.data["shard_count"]
        if count is None:
            raise ValueError("SHARD_COUNT is not set")
        beyond = [i for i in ids if i >= count]
        if beyond:
            raise ValueError(f"{_listed(beyond)} is not below SHARD_COUNT={count}")
        if len(set(ids)) != len(ids):
            raise ValueError("a shard is named twice")
        return ids

    @field_validator("trusted_proxies", mode="before")
    @classmethod
    def _networks(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = _comma_list(value)
        for network in value:
            try:
                ipaddress.ip_network(network, strict=False)
            except ValueError:
                raise ValueError(f"{network} is not an address or a network") from None
        return value

    @field_validator("database_url", mode="before")
    @classmethod
    def _async_driver(cls, value: Any) -> Any:
        return async_url(value) if isinstance(value, str) and value.strip() else value

    @field_validator("web_base_url", mode="before")
    @classmethod
    def _base_url(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = value.strip().rstrip("/")
            if not value:
                return None
            if not value.startswith(("http://", "https://")):
                raise ValueError("it must start with http:// or https://")
        return value

    @field_validator("data_dir", "console_files")
    @classmethod
    def _a_folder(cls, path: Path | None) -> Path | None:
        if path is not None and path.exists() and not path.is_dir():
            raise ValueError("it is a file, not a folder")
        return path

    @model_validator(mode="after")
    def _in_data_dir(self) -> Settings:
        """What the bot writes goes to DATA_DIR unless a setting names another place."""
        if not self.database_url:
            self.database_url = f"sqlite+aiosqlite:///{self.data_dir / 'soloist.db'}"
        if self.console_files is None:
            self.console_files = self.data_dir / "console"
        return self

    @property
    def has_token(self) -> bool:
        return bool(self.discord_token and self.discord_token.get_secret_value().strip())


_POSTGRES = ("postgres", "postgresql")
_SSLMODE = re.compile(r"([?&])sslmode=(allow\b)?")


def async_url(url: str) -> str:
    """A database URL as hosts hand them out (`postgres://…`, `postgresql://…?sslmode=…`,
    `sqlite://…`) with the async driver the bot uses; any other kind is refused."""
    url = url.strip()
    scheme, sep, rest = url.partition("://")
    dialect = scheme.split("+", 1)[0].lower()
    if not sep or dialect not in (*_POSTGRES, "sqlite"):
        raise ValueError("it is not a PostgreSQL or SQLite URL")
    if dialect == "sqlite":
        if rest and not rest.startswith("/"):
            raise ValueError(
                "a SQLite URL has three slashes before a relative path, four before an absolute one"
            )
        return f"sqlite+aiosqlite://{rest}"
    try:
        urlsplit(url).port  # noqa: B018 (parsing it is the check)
    except ValueError as exc:
        raise ValueError(f"its address does not parse: {exc}") from None
    # asyncpg takes libpq's modes as `ssl` (and has no `allow`: `prefer` is the nearest)
    rest = _SSLMODE.sub(lambda m: f"{m.group(1)}ssl={'prefer' if m.group(2) else ''}", rest)
    return f"postgresql+asyncpg://{rest}"


def _listed(values: list[Any]) -> str:
    return ",".join(str(v) for v in values)


def env_name(field: str) -> str:
    return field.upper()


def allowed(field: str) -> str:
    """What a setting accepts, in words: its own declaration, or what its type says."""
    info = Settings.model_fields[field]
    extra = info.json_schema_extra
    if isinstance(extra, dict) and "allowed" in extra:
        return str(extra["allowed"])
    kind = info.annotation
    if get_origin(kind) in (Union, UnionType):  # `int | None`: what it is when set
        kind = next(a for a in get_args(kind) if a is not type(None))
    if get_origin(kind) is Literal:
        choices = [str(c) for c in get_args(kind)]
        case = " (any case)" if field.startswith("log_") else ""
        return f"{', '.join(choices[:-1])} or {choices[-1]}{case}"
    if kind is bool:
        return "true or false"
    low = next((m.ge for m in info.metadata if hasattr(m, "ge")), None)
    high = next((m.le for m in info.metadata if hasattr(m, "le")), None)
    what = "a whole number" if kind is int else "a number"
    if low is not None and high is not None:
        return f"{what} from {low} to {high}"
    if low is not None:
        return f"{what}, at least {low}"
    return what


def _shown(field: str, value: Any) -> str:
    """The value as given, on one line, without a password or a token."""
    if field == "discord_token":
        return "[token]"
    if isinstance(value, list):
        value = _listed(value)
    text = " ".join(str(value).split())
    if field == "database_url":
        text = re.sub(r"(://[^:/@]*:)[^@]*@", r"\1***@", text)
    return text if len(text) <= 200 else text[:199] + "…"


def describe(error: ValidationError | UnicodeDecodeError) -> str:
    """One line for a bad setting: its name, the value given and what is allowed."""
    if isinstance(error, UnicodeDecodeError):  # the environment is text: it is .env
        return f".env is not UTF-8 text (byte {error.start + 1} of it): save it as UTF-8."
    problems = error.errors(include_url=False)
    first = problems[0]
    field = str(first["loc"][0]) if first["loc"] else ""
    if field not in Settings.model_fields:
        return f"Bad settings: {' '.join(str(first['msg']).split())}"
    line = f"{env_name(field)}={_shown(field, first['input'])} is not allowed"
    if first["type"] == "value_error":  # our own validators say why
        line += f" ({str(first['msg']).removeprefix('Value error, ')})"
    line += f": use {allowed(field)}."
    others = sorted({env_name(str(p["loc"][0])) for p in problems if p["loc"]} - {env_name(field)})
    if others:
        line += f" Also bad: {', '.join(others)}."
    return line


@cache
def get_settings() -> Settings:
    return Settings()
