"""Soloist: the automated opponents of board-game solo modes."""

from bot.hosting.ast_guard import install as _guard_ast

_guard_ast()  # a CPython 3.11.7 bug: bot/hosting/ast_guard.py
