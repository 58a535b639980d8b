# syntax=docker/dockerfile:1
# Soloist's image. A build stage makes the wheel, which carries the game data (data/ becomes
# bot.gamedata); a slim runtime stage installs it with the PostgreSQL driver, pinned by
# constraints.txt, and runs it as a non-root user. The suite runs these same install steps
# without Docker (tests/deploy/test_wheel.py); the image itself is not built by the project's CI.

FROM python:3.11-slim-bookworm AS build
WORKDIR /src
RUN python -m pip install --no-cache-dir "setuptools>=77"
COPY pyproject.toml setup.py README.md ./
COPY bot ./bot
COPY cogs ./cogs
COPY data ./data
RUN python -m pip wheel --no-deps --no-build-isolation --wheel-dir /wheels .

FROM python:3.11-slim-bookworm
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    MPLCONFIGDIR=/tmp/matplotlib \
    DATA_DIR=/srv/soloist/var \
    WEB_HOST=0.0.0.0 \
    WEB_PORT=8765 \
    LOG_FORMAT=json
# pg_dump and pg_restore for `python -m bot backup` / `restore` on PostgreSQL; major version 15,
# as compose.yaml's server (a pg_dump refuses a newer server). Not pinned further: bookworm's
# security updates replace the exact version, so a pin would break the build, not secure it.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install --yes --no-install-recommends postgresql-client-15 \
    && rm -rf /var/lib/apt/lists/*
RUN useradd --system --no-log-init --uid 10001 --user-group --home-dir /srv/soloist soloist
COPY constraints.txt /tmp/constraints.txt
RUN --mount=type=bind,from=build,source=/wheels,target=/wheels \
    python -m pip install --no-cache-dir --constraint /tmp/constraints.txt \
        "$(find /wheels -name 'soloist-*.whl')[postgres]" \
    && rm /tmp/constraints.txt
WORKDIR /srv/soloist
RUN mkdir var && chown soloist:soloist var
VOLUME ["/srv/soloist/var"]
USER 10001:10001
EXPOSE 8765
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 \
    CMD ["python", "-m", "bot.hosting.probe"]
ENTRYPOINT ["python", "-m", "bot"]
CMD ["run"]
