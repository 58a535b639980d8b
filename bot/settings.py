"""Settings from the environment and .env (pydantic-settings)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = None
    database_url: str = "sqlite+aiosqlite:///data/soloist.db"
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    dev_guild_id: int | None = Field(default=None, description="guild for `sync --guild`")
    console_user_id: int = 1
    console_channel_id: int = 1
    console_files: Path = Field(
        default=Path("data/console"), description="where the console saves pictures and exports"
    )
    shard_count: int | None = Field(default=None, ge=1)
    shard_ids: Annotated[list[int] | None, NoDecode] = None
    # The web pages (bot/web): where they are served, and the public address links name.
    web_host: str = Field(default="127.0.0.1", description="the address the pages listen on")
    web_port: int = Field(default=8765, ge=0, le=65535, description="0: any free port")
    web_base_url: str | None = Field(
        default=None, description="the public address in links, e.g. https://soloist.example"
    )
    web_workers: int = Field(
        default=1,
        ge=0,
        le=32,
        description="processes that build game pages (started with the first page); "
        "0: threads of the serving process",
    )
    # Hosting (issue 40): where the bot writes, the database pool and start-up, health,
    # logs. Declared here once; each is read where its work is done.
    data_dir: Path = Field(
        default=Path("var"), description="what the bot writes: the SQLite file, console files"
    )
    migrate_on_start: bool = Field(
        default=True, description="false: run `python -m bot migrate` as a one-off job"
    )
    db_pool_size: int = Field(default=5, ge=1, le=100, description="connections kept open")
    db_max_overflow: int = Field(
        default=10, ge=0, le=100, description="connections opened beyond the pool under load"
    )
    db_wait_seconds: float = Field(
        default=60.0, ge=0, le=3600, description="how long start-up waits for the database"
    )
    web_enabled: bool = Field(default=True, description="false: a bot process without pages")
    health_port: int | None = Field(
        default=None,
        ge=0,
        le=65535,
        description="where /healthz, /readyz and /metrics listen when the pages are off",
    )
    trusted_proxies: Annotated[list[str], NoDecode] = Field(
        default_factory=list, description="CIDRs whose X-Forwarded-For is believed"
    )
    log_format: Literal["text", "json"] = Field(
        default="text", description="json: one JSON object a line"
    )

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_separated(cls, value: Any) -> Any:
        if isinstance(value, str):
            return [int(part) for part in value.replace(" ", "").split(",") if part] or None
        return value

    @field_validator("web_base_url", mode="before")
    @classmethod
    def _base_url(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = value.strip().rstrip("/")
            if not value:
                return None
            if not value.startswith(("http://", "https://")):
                raise ValueError("WEB_BASE_URL must start with http:// or https://")
        return value

    @property
    def has_token(self) -> bool:
        return bool(self.discord_token and self.discord_token.get_secret_value().strip())


@cache
def get_settings() -> Settings:
    return Settings()
