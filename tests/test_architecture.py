"""The import rules docs/architecture.md states, read from the code (every import, including
ones inside functions and under TYPE_CHECKING: a circle hidden in a function is still one)."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FRONT_ENDS = ("cogs", "bot.on_discord", "bot.console", "bot.__main__", "bot.web")

# layer -> the project modules (prefixes) it may import, besides its own layer: each only
# below it, so no arrow runs back up
ALLOWED: dict[str, tuple[str, ...]] = {
    "bot.core": (),
    "bot.games": ("bot.core", "bot.i18n"),
    "bot.store": ("bot.core",),
    "bot.i18n": ("bot.core",),
    "bot.logbook": ("bot.core", "bot.store", "bot.i18n"),
    "bot.table": (
        "bot.core",
        "bot.games",
        "bot.store",
        "bot.logbook",
        "bot.i18n",
        "bot.hosting.logs",
        "bot.challenges.commands",  # the /challenge lines it prints (bot.core only below it)
    ),
    "bot.challenges": ("bot.core", "bot.store", "bot.logbook", "bot.i18n"),
}
PURE = ("bot.core", "bot.games")
MAX_LINES = 500  # no file too big to hold in one's head (issue 21)
NEVER_IN_PURE = ("discord", "sqlalchemy", "aiohttp", "aiosqlite", "asyncpg")


def _name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> dict[str, Path]:
    files = [*ROOT.glob("bot/**/*.py"), *ROOT.glob("cogs/**/*.py")]
    found = {_name(p): p for p in files if "migrations" not in p.parts}
    assert "bot.core.agenda" in found and "cogs.base" in found, f"no code found under {ROOT}"
    return found


@cache
def imports() -> dict[str, set[str]]:
    """Each module's imports, as fully qualified names: project modules where a name is one."""
    known = modules()
    out: dict[str, set[str]] = {}
    for name, path in known.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*up, *([node.module] if node.module else [])])
                subs = {f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in known}
                found |= subs or {base}
                if len(subs) < len(node.names):
                    found.add(base)
        out[name] = found
    return out


def project_edges() -> dict[str, set[str]]:
    """module -> the project modules it imports (not its own parent packages, which Python
    runs first anyway)."""
    known = modules()
    edges: dict[str, set[str]] = {}
    for name, targets in imports().items():
        hits = set()
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name and not name.startswith(target + "."):
                hits.add(target)
        edges[name] = hits
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges.get(root, ()))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        found.append(sorted(group))
    return found


def _layer(name: str) -> str | None:
    return next((layer for layer in ALLOWED if name == layer or name.startswith(layer + ".")), None)


def test_the_circle_finder_finds_a_circle_through_three_modules():
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(edges) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_module_of_bot_or_cogs_imports_itself_in_a_circle():
    assert circles(project_edges()) == []


def test_rules_code_imports_neither_discord_nor_a_database():
    bad = [
        f"{name} imports {target}"
        for name, targets in imports().items()
        if name.startswith(PURE)
        for target in targets
        if target.split(".")[0] in NEVER_IN_PURE
    ]
    assert bad == []


def test_each_layer_imports_only_the_layers_below_it():
    bad = []
    for name, targets in project_edges().items():
        layer = _layer(name)
        if layer is None:
            continue
        allowed = (layer, *ALLOWED[layer])
        bad += [
            f"{name} imports {t}"
            for t in targets
            if not any(t == a or t.startswith(a + ".") for a in allowed)
        ]
    assert bad == []


def test_nothing_below_the_front_ends_imports_a_front_end():
    bad = [
        f"{name} imports {target}"
        for name, targets in project_edges().items()
        if _layer(name) is not None
        for target in targets
        if target.startswith(FRONT_ENDS)
    ]
    assert bad == []


def too_long(paths: list[Path], most: int = MAX_LINES, base: Path = ROOT) -> list[str]:
    """The files of `paths` over `most` lines, with their length."""
    bad = []
    for path in sorted(paths):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > most:
            bad.append(f"{path.relative_to(base)}: {lines} lines")
    return bad


def test_the_length_check_names_a_file_one_line_too_long(tmp_path):
    (tmp_path / "short.py").write_text("x = 1\n" * 3, encoding="utf-8")
    (tmp_path / "long.py").write_text("x = 1\n" * 4, encoding="utf-8")
    found = too_long(list(tmp_path.glob("*.py")), most=3, base=tmp_path)
    assert found == ["long.py: 4 lines"]


def test_no_python_file_in_bot_or_cogs_is_over_500_lines():
    files = [*ROOT.glob("bot/**/*.py"), *ROOT.glob("cogs/**/*.py")]
    assert len(files) > 50 and ROOT / "bot" / "table" / "service.py" in files
    assert too_long(files) == []


def test_the_layers_form_a_ladder_no_layer_allows_one_that_allows_it():
    """An allowed import that runs back up (a lower layer allowed a module of a higher one)
    would make two layers each other's users."""
    bad = [
        f"{layer} and {other}"
        for layer, allowed in ALLOWED.items()
        for other in {_layer(prefix) for prefix in allowed} - {None, layer}
        if _layer(layer) in {_layer(p) for p in ALLOWED[other]}
    ]
    assert bad == []


def test_the_bots_own_command_models_import_only_the_core():
    """bot/table/commands.py declares /game, /settings and /help as a game's package declares
    its commands: from the core alone, with neither discord nor a database."""
    name = "bot.table.commands"
    bad = [f"{name} imports {t}" for t in project_edges()[name] if not t.startswith("bot.core")]
    bad += [f"{name} imports {t}" for t in imports()[name] if t.split(".")[0] in NEVER_IN_PURE]
    assert bad == []


# discord.py's private names, reached only in this module (each checked by
# tests/cogs/test_discord_internals.py against the discord.py installed)
WRAPPED_PRIVATE = "bot.on_discord.internals"
PUBLIC_UNDERSCORED = {"_mapping", "_asdict", "_fields", "_replace"}  # SQLAlchemy rows, tuples


def private_uses(files: dict[str, Path]) -> list[str]:
    """`x._name` where `_name` is defined nowhere in these files (so: a dependency's private
    name), unless it is one a dependency documents as public."""
    trees = {name: ast.parse(path.read_text(encoding="utf-8")) for name, path in files.items()}
    own: set[str] = set()
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                own.add(node.name)
            elif (
                isinstance(node, ast.Attribute)
                and isinstance(node.ctx, ast.Store)
                and isinstance(node.value, ast.Name)
                and node.value.id in ("self", "cls")
            ):
                own.add(node.attr)  # set on an object of its own class
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                own.add(node.id)
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                own.add(node.target.id)
    found = []
    for name, tree in trees.items():
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
                and node.attr not in own | PUBLIC_UNDERSCORED
            ):
                found.append(f"{name}:{node.lineno} .{node.attr}")
    return found


def test_no_private_name_of_a_dependency_is_used_outside_its_one_wrapped_place():
    files = {name: path for name, path in modules().items() if name != WRAPPED_PRIVATE}
    assert private_uses(files) == []


def test_the_private_name_check_finds_one(tmp_path):
    path = tmp_path / "m.py"
    path.write_text(
        "class A:\n    def f(self, t, d):\n        self._own = t._own\n        d._set = 1\n"
        "        return t._cached(d)\n"
    )
    assert private_uses({"m": path}) == ["m:4 ._set", "m:5 ._cached"]
