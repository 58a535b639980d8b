"""What a bot's memory is made of, on request (`bench.gateway --memory DIR`).

launch.py installs `install(folder)` in the bot's process when BENCH_MEMORY names a folder;
each SIGUSR1 then writes one report there (`<n>.txt`): VmRSS and smaps_rollup, the mappings
grouped (the main heap, malloc's thread arenas, other anonymous memory, files), glibc's own
account of each arena (malloc_info), the threads, SQLite's page caches, and, with
BENCH_TRACE=N, Python's heap by line (tracemalloc, started by the Nth signal: the growth
after it; BENCH_TRACE_DEPTH frames). BENCH_COLLECT=N: the Nth report is followed by one after
a full collection (what it found, by type) and one after malloc_trim(0).
"""

from __future__ import annotations

import ctypes
import gc
import os
import re
import signal
import sys
import threading
import tracemalloc
from collections import Counter, defaultdict
from pathlib import Path

ARENA = 64 * 1024 * 1024  # a glibc thread arena's reservation on 64-bit


def install(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    count = iter(range(1, 1000))
    trace = int(os.environ.get("BENCH_TRACE") or 0)  # the signal that starts tracing
    collect = int(os.environ.get("BENCH_COLLECT") or 0)  # the signal that also collects
    state: dict[str, object] = {}

    def on_signal(_signum: int, _frame: object) -> None:
        n = next(count)
        if n == trace:
            tracemalloc.start(int(os.environ.get("BENCH_TRACE_DEPTH") or 1))
            state["base"] = tracemalloc.take_snapshot()
        text = report(state.get("base"))
        if n == collect:  # then again after a full collection, and after malloc_trim
            gc.set_debug(gc.DEBUG_SAVEALL)
            found = gc.collect()
            gc.set_debug(0)
            kinds = Counter(type(o).__module__ + "." + type(o).__qualname__ for o in gc.garbage)
            gc.garbage.clear()
            text += f"\n\n######## after gc.collect() ({found} unreachable)\n"
            text += "\n".join(f"{n:7d} {kind}" for kind, n in kinds.most_common(40)) + "\n"
            text += report(None)
            ctypes.CDLL("libc.so.6").malloc_trim(0)
            text += "\n\n######## after malloc_trim(0)\n" + report(None)
        (folder / f"{n}.txt").write_text(text)

    signal.signal(signal.SIGUSR1, on_signal)


def report(base: object) -> str:
    lines = [
        f"VmRSS {_status('VmRSS')}  RssAnon {_status('RssAnon')}  "
        f"RssFile {_status('RssFile')}  threads {_status('Threads')}"
    ]
    lines.append(Path("/proc/self/smaps_rollup").read_text().strip())
    lines.append("\n# mappings, Rss kB by kind")
    for kind, kb in sorted(_mappings().items(), key=lambda kv: -kv[1])[:25]:
        lines.append(f"{kb:8d}  {kind}")
    lines.append("\n# threads: " + ", ".join(t.name for t in threading.enumerate()))
    lines.append("\n# malloc_info (per heap: size in use of system bytes)")
    lines.extend(_malloc_info())
    lines.extend(_pymalloc())
    lines.append(f"\n# gc objects tracked {len(gc.get_objects())}, frozen {gc.get_freeze_count()}")
    lines.append(
        f"gc counts {gc.get_count()}, collections {[s['collections'] for s in gc.get_stats()]}"
    )
    lines.extend(_sqlite())
    if base is not None:
        snap = tracemalloc.take_snapshot().filter_traces(
            [tracemalloc.Filter(False, tracemalloc.__file__)]
        )
        current, peak = tracemalloc.get_traced_memory()
        lines.append(f"\n# tracemalloc: now {current / 2**20:.1f} MiB, peak {peak / 2**20:.1f}")
        lines.append("# growth since tracing began, by file")
        for stat in snap.compare_to(base, "filename")[:25]:
            lines.append(str(stat))
        lines.append("# growth by line")
        for stat in snap.compare_to(base, "lineno")[:40]:
            lines.append(str(stat))
        lines.append("# growth by traceback, top 12")
        for stat in snap.compare_to(base, "traceback")[:12]:
            lines.append(f"{stat.size_diff / 1024:.0f} KiB in {stat.count_diff} blocks")
            lines.extend("    " + line for line in stat.traceback.format()[-16:])
    return "\n".join(lines) + "\n"


def _status(key: str) -> str:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return line.split(":", 1)[1].strip()
    return "?"


def _mappings() -> dict[str, int]:
    """Rss per kind of mapping: [heap], each anonymous region (thread arenas are 64 MiB
    aligned reservations), each file grouped by its package."""
    out: dict[str, int] = defaultdict(int)
    name = ""
    size = 0
    for line in Path("/proc/self/smaps").read_text().splitlines():
        head = re.match(r"^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$", line)
        if head:
            start, end = int(head.group(1), 16), int(head.group(2), 16)
            size = end - start
            path = head.group(3)
            if path.startswith("/"):
                match = re.search(r"site-packages/([^/]+)", path)
                name = "file " + (match.group(1) if match else path)
            elif path:
                name = path
            else:
                name = f"anon {size // 1024} kB" if size < ARENA else "anon arena-sized"
            continue
        if line.startswith("Rss:"):
            out[name] += int(line.split()[1])
    return out


def _pymalloc() -> list[str]:
    """Python's small-object allocator: its arenas (1 MiB mmaps) and how full they are."""
    import tempfile

    with tempfile.TemporaryFile("w+") as out:
        sys.stderr.flush()
        saved = os.dup(2)
        os.dup2(out.fileno(), 2)
        try:
            sys._debugmallocstats()
            ctypes.CDLL(None).fflush(None)
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        out.seek(0)
        text = out.read()
    keep = ("# arenas", "# bytes in", "# bytes lost", "Total")
    return ["\n# pymalloc"] + [line for line in text.splitlines() if line.startswith(keep)]


def _malloc_info() -> list[str]:
    libc = ctypes.CDLL("libc.so.6")
    libc.open_memstream.restype = ctypes.c_void_p
    libc.open_memstream.argtypes = [
        ctypes.POINTER(ctypes.c_char_p),
        ctypes.POINTER(ctypes.c_size_t),
    ]
    libc.malloc_info.argtypes = [ctypes.c_int, ctypes.c_void_p]
    libc.fclose.argtypes = [ctypes.c_void_p]
    buf, size = ctypes.c_char_p(), ctypes.c_size_t()
    stream = libc.open_memstream(ctypes.byref(buf), ctypes.byref(size))
    libc.malloc_info(0, stream)
    libc.fclose(stream)
    xml = ctypes.string_at(buf, size.value).decode()
    out = []
    for heap in re.finditer(r'<heap nr="(\d+)">(.*?)</heap>', xml, re.S):
        body = heap.group(2)
        free = re.search(r'<total type="fast" count="\d+" size="(\d+)"/>', body)
        rest = re.search(r'<total type="rest" count="\d+" size="(\d+)"/>', body)
        system = re.search(r'<system type="current" size="(\d+)"/>', body)
        out.append(
            f"arena {heap.group(1)}: system {int(system.group(1)) // 1024} kB, "
            f"free fast {int(free.group(1)) // 1024} kB, free rest {int(rest.group(1)) // 1024} kB"
        )
    tail = xml.rsplit("</heap>", 1)[-1]
    out.append("totals: " + " ".join(re.findall(r"<(?:total|system)[^>]*/>", tail)))
    return out


def _sqlite() -> list[str]:
    """SQLite's own account of all its memory (sqlite3_memory_used), and its connections
    (the database files open)."""
    lib = ctypes.CDLL("libsqlite3.so.0")
    lib.sqlite3_memory_used.restype = ctypes.c_int64
    lib.sqlite3_memory_highwater.restype = ctypes.c_int64
    used, high = lib.sqlite3_memory_used(), lib.sqlite3_memory_highwater(0)
    out = [f"\n# sqlite: memory used {used // 1024} kB, highwater {high // 1024} kB"]
    files: dict[str, int] = defaultdict(int)
    for fd in Path("/proc/self/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.endswith((".db", ".db-wal", ".db-shm")):
            files[Path(target).name] += 1
    out.append(f"open database files (one per connection): {dict(files)}")
    return out
