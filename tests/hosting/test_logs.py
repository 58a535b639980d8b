"""The log filter and the JSON lines, on a handler of the test's own: no page token and no
bot token in a message, its arguments, a command's fields or a traceback."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator

import pytest

from bot.hosting.logs import JsonLines, RedactToken

SECRET = "MTIz.bot-token.xyz"
PAGE = "Qm9vdHN0cmFwLXRva2VuLTEy"


@pytest.fixture
def written() -> Iterator[tuple[logging.Logger, io.StringIO]]:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(RedactToken(SECRET))
    handler.setFormatter(JsonLines())
    logger = logging.getLogger("soloist.test_logs")
    logger.addHandler(handler)
    logger.propagate, logger.level = False, logging.DEBUG
    yield logger, stream
    logger.removeHandler(handler)


def test_tokens_leave_messages_arguments_fields_and_tracebacks(written):
    logger, stream = written
    logger.info("GET %s from %s", f"/g/{PAGE}?step=2", "1.2.3.4")
    logger.warning("login with %s", SECRET, extra={"fields": {"cmd": f"/p/{PAGE}", "n": 3}})
    try:
        raise ValueError(f"b'GET /c/{PAGE}/g/12 HTTP/1.1' and {SECRET}")
    except ValueError:
        logger.exception("Error handling request")
    text = stream.getvalue()
    assert PAGE not in text and SECRET not in text
    first, second, third = map(json.loads, text.splitlines())
    assert first["message"] == "GET /g/…?step=2 from 1.2.3.4"
    assert (second["message"], second["cmd"], second["n"]) == ("login with [token]", "/p/…", 3)
    assert third["level"] == "ERROR" and third["logger"] == "soloist.test_logs"
    assert "GET /c/…/g/… HTTP" in third["exception"] and "[token]" in third["exception"]


def test_a_path_that_is_no_page_link_is_kept(written):
    logger, stream = written
    logger.info("GET /static/site.css 200; /healthz ok; /metrics")
    assert json.loads(stream.getvalue())["message"] == (
        "GET /static/site.css 200; /healthz ok; /metrics"
    )


def test_a_line_whose_arguments_do_not_fit_is_kept_without_them(written):
    logger, stream = written
    logger.info("token %d in %s", f"/g/{PAGE}")  # one argument short, and not a number
    line = json.loads(stream.getvalue())
    assert line["message"] == "token %d in %s (its arguments could not be formatted)"
    assert PAGE not in stream.getvalue()
