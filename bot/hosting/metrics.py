"""The process's Prometheus metrics, declared once (prometheus-client); `/metrics` serves them.

Every front-end and the service count into these same objects; nothing else declares one.
"""

from __future__ import annotations

from prometheus_client import Counter, Gauge, Histogram

COMMANDS = Counter(
    "soloist_commands_total", "Commands handled, by name and outcome", ["command", "outcome"]
)
COMMAND_SECONDS = Histogram(
    "soloist_command_seconds",
    "Time from a command's arrival to its answer",
    ["command"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0),
)
DEFERRALS = Counter(
    "soloist_interaction_deferrals_total",
    "Interactions deferred, by why (the command's own choice, or the watchdog)",
    ["reason"],
)
MISSED_DEADLINES = Counter(
    "soloist_interaction_missed_deadlines_total",
    "Interactions neither answered nor deferred within Discord's 3 seconds",
)
GATEWAY_LATENCY = Gauge(
    "soloist_gateway_latency_seconds", "Heartbeat latency per shard", ["shard"]
)
DB_POOL_IN_USE = Gauge("soloist_db_pool_in_use", "Database connections checked out")
ACTIVE_GAMES = Gauge("soloist_active_games", "Games not yet finished or abandoned")
