"""The container files, checked without a Docker engine: hadolint on the Dockerfile, the
Compose Specification's schema on compose.yaml, and the Dockerfile held to the install steps
tests/deploy/test_wheel.py runs (the same sources, the same pip command, the same extra)."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import yaml

from tests.deploy.test_wheel import SOURCES, WHEEL_COMMAND

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
DOCKERFILE = (ROOT / "Dockerfile").read_text(encoding="utf-8")
COMPOSE = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))


def _hadolint(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(BIN / "hadolint"), "--no-color", "--failure-threshold", "info", str(path)],
        capture_output=True,
        text=True,
    )


def _offline() -> list[str]:
    """A prefix that runs a command with no network at all, where this machine allows it."""
    unshare = shutil.which("unshare")
    if unshare and subprocess.run([unshare, "-rn", "true"], capture_output=True).returncode == 0:
        return [unshare, "-rn"]
    return []


def _compose_schema(path: Path) -> subprocess.CompletedProcess[str]:
    """check-jsonschema's copy of the Compose Specification ships with it: no network (run
    without one here, where the machine allows a network namespace)."""
    command = [str(BIN / "check-jsonschema"), "--builtin-schema", "vendor.compose-spec"]
    return subprocess.run([*_offline(), *command, str(path)], capture_output=True, text=True)


def _instructions(stage: int) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) of one build stage, continuation lines joined."""
    joined = re.sub(r"\\\n\s*", " ", DOCKERFILE)
    lines = [line.strip() for line in joined.splitlines()]
    lines = [line for line in lines if line and not line.startswith("#")]
    stages: list[list[tuple[str, str]]] = []
    for line in lines:
        word, _, rest = line.partition(" ")
        if word == "FROM":
            stages.append([])
        stages[-1].append((word, rest))
    return stages[stage]


def test_hadolint_finds_nothing_in_the_dockerfile():
    done = _hadolint(ROOT / "Dockerfile")
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr


def test_hadolint_would_report_an_unpinned_base_image(tmp_path):
    bad = tmp_path / "Dockerfile"
    bad.write_text("FROM python:latest\nRUN pip install requests\n", encoding="utf-8")
    done = _hadolint(bad)
    assert done.returncode != 0 and "DL3007" in done.stdout, done.stdout


def test_compose_file_follows_the_compose_specification():
    done = _compose_schema(ROOT / "compose.yaml")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_compose_schema_check_rejects_a_condition_compose_does_not_know(tmp_path):
    text = (ROOT / "compose.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "compose.yaml"
    bad.write_text(text.replace("service_completed_successfully", "service_done"), "utf-8")
    done = _compose_schema(bad)
    assert done.returncode != 0 and "service_done" in done.stdout, done.stdout


def test_the_image_builds_the_wheel_from_the_sources_and_with_the_command_the_suite_runs():
    build = _instructions(0)
    copied = [shlex.split(args)[:-1] for word, args in build if word == "COPY"]
    assert sorted(name for sources in copied for name in sources) == sorted(SOURCES)
    runs = [shlex.split(args) for word, args in build if word == "RUN"]
    assert [*WHEEL_COMMAND, "/wheels", "."] in [
        run[2:] for run in runs if run[:2] == ["python", "-m"]
    ]
    build_requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"][
        "requires"
    ]
    assert ["python", "-m", "pip", "install", "--no-cache-dir", *build_requires] in runs


def test_the_image_installs_the_wheel_with_the_postgres_extra_and_the_suites_pins():
    runs = [args for word, args in _instructions(1) if word == "RUN"]
    (install,) = [run for run in runs if "pip install" in run]
    assert "--constraint /tmp/constraints.txt" in install
    assert "soloist-*.whl')[postgres]" in install
    # the suite's environment was installed from the same pins (Makefile), with the same extra
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "-c constraints.txt -e '.[test,postgres]'" in makefile


def test_the_build_context_holds_only_what_the_dockerfile_copies():
    lines = (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
    rules = [line for line in lines if line and not line.startswith("#")]
    assert rules[0] == "*"
    allowed = {rule[1:].rstrip("/") for rule in rules if rule.startswith("!")}
    copied = {
        Path(name).name
        for stage in (0, 1)
        for word, args in _instructions(stage)
        if word == "COPY" and "--from" not in args
        for name in shlex.split(args)[:-1]
    }
    assert allowed == copied == {*SOURCES, "constraints.txt"}


def test_the_image_runs_as_a_numeric_non_root_user_and_checks_readiness():
    runtime = dict(_instructions(1))
    assert re.fullmatch(r"[1-9]\d*:[1-9]\d*", runtime["USER"])
    assert "bot.hosting.probe" in runtime["HEALTHCHECK"]
    assert runtime["ENTRYPOINT"] == '["python", "-m", "bot"]' and runtime["CMD"] == '["run"]'


def test_compose_migrates_once_before_the_bot_and_the_pages_start():
    services = COMPOSE["services"]
    assert services["db"]["healthcheck"]["test"][1].startswith("pg_isready")
    assert services["migrate"]["command"] == ["migrate"]
    assert services["migrate"]["depends_on"] == {"db": {"condition": "service_healthy"}}
    for name in ("bot", "web"):
        service = services[name]
        assert service["environment"]["MIGRATE_ON_START"] == "false"
        assert service["depends_on"] == {
            "db": {"condition": "service_healthy"},
            "migrate": {"condition": "service_completed_successfully"},
        }
        assert service["healthcheck"]["test"] == ["CMD", "python", "-m", "bot.hosting.probe"]
    assert services["web"]["profiles"] == ["web"] and "ports" not in services["web"]


def test_compose_keeps_what_the_bot_writes_and_the_database_on_named_volumes():
    data_dir = re.search(r"DATA_DIR=(\S+)", DOCKERFILE).group(1)
    assert f"var:{data_dir}" in COMPOSE["services"]["bot"]["volumes"]
    assert "postgres:/var/lib/postgresql/data" in COMPOSE["services"]["db"]["volumes"]
    assert set(COMPOSE["volumes"]) == {"postgres", "var"}


def test_the_images_pg_dump_matches_the_compose_servers_major_version():
    server = re.match(r"postgres:(\d+)", COMPOSE["services"]["db"]["image"]).group(1)
    assert f"postgresql-client-{server} " in DOCKERFILE
