"""`python -m bot sync`: login's two network calls and the upload are stubbed, nothing leaves."""

from types import SimpleNamespace

import aiohttp
import discord
import pytest
from discord.http import HTTPClient

import bot.__main__ as entry
from bot.settings import Settings

USER = {"id": "42", "username": "soloist", "discriminator": "0", "avatar": None, "bot": True}
APP = {
    "id": "42",
    "name": "Soloist",
    "icon": None,
    "description": "",
    "bot_public": True,
    "bot_require_code_grant": False,
    "verify_key": "0" * 64,
    "flags": 0,
    "team": None,
    "owner": USER,
}


@pytest.fixture
def uploads(monkeypatch, tmp_path):
    sent: list[tuple[str, int | None, int]] = []

    async def static_login(self, token):
        return USER

    async def application_info(self):
        return APP

    async def bulk_global(self, application_id, payload):
        sent.append(("global", None, len(payload)))
        return [
            dict(p, id=str(i + 1), application_id="42", version="1") for i, p in enumerate(payload)
        ]

    async def bulk_guild(self, application_id, guild_id, payload):
        sent.append(("guild", guild_id, len(payload)))
        return [
            dict(p, id=str(i + 1), application_id="42", guild_id=str(guild_id), version="1")
            for i, p in enumerate(payload)
        ]

    monkeypatch.setattr(HTTPClient, "static_login", static_login)
    monkeypatch.setattr(HTTPClient, "application_info", application_info)
    monkeypatch.setattr(HTTPClient, "bulk_upsert_global_commands", bulk_global)
    monkeypatch.setattr(HTTPClient, "bulk_upsert_guild_commands", bulk_guild)
    settings = Settings(
        discord_token="MTIz.fake.token", database_url=f"sqlite+aiosqlite:///{tmp_path}/s.db"
    )
    monkeypatch.setattr(entry, "get_settings", lambda: settings)
    return sent


def test_sync_to_one_guild_loads_the_cogs_once_and_uploads_every_command(uploads, capsys):
    assert entry.main(["sync", "--guild", "123"]) == 0
    assert [(kind, guild) for kind, guild, _ in uploads] == [("guild", 123)]
    assert uploads[0][2] >= 5  # gah, alea, game, log, stats ...
    assert "to guild 123" in capsys.readouterr().out


def test_sync_globally(uploads, capsys):
    assert entry.main(["sync"]) == 0
    assert [(kind, guild) for kind, guild, _ in uploads] == [("global", None)]
    assert "global commands" in capsys.readouterr().out


def offline_login(monkeypatch, tmp_path, error: Exception) -> None:
    async def static_login(self, token):
        raise error

    monkeypatch.setattr(HTTPClient, "static_login", static_login)
    settings = Settings(
        discord_token="MTIz.fake.token", database_url=f"sqlite+aiosqlite:///{tmp_path}/s.db"
    )
    monkeypatch.setattr(entry, "get_settings", lambda: settings)


def test_sync_without_a_network_is_one_line_and_exit_status_1(monkeypatch, tmp_path, capsys):
    key = SimpleNamespace(host="discord.com", port=443, ssl=True)
    dns = aiohttp.ClientConnectorDNSError(key, OSError(-3, "Temporary failure in name resolution"))
    offline_login(monkeypatch, tmp_path, dns)
    assert entry.main(["sync", "--guild", "123"]) == 1
    shown = capsys.readouterr()
    assert shown.out == ""
    assert shown.err.startswith("Cannot reach Discord (ClientConnectorDNSError: Cannot connect")
    assert shown.err.endswith("): nothing synced.\n") and shown.err.count("\n") == 1


def test_sync_with_a_wrong_token_is_one_line_and_exit_status_1(monkeypatch, tmp_path, capsys):
    offline_login(monkeypatch, tmp_path, discord.LoginFailure("Improper token has been passed."))
    assert entry.main(["sync"]) == 1
    assert capsys.readouterr().err == "Discord refused DISCORD_TOKEN: nothing synced.\n"
