"""The logbook: a play record for every game, stats, streaks, leaderboards, export and import."""
