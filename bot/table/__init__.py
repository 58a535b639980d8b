"""The table service: the one code path every front-end calls."""
