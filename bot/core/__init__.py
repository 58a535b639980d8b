"""Game-agnostic rules toolkit: decks, priority resolution, the game protocol.

Nothing here imports discord or sqlalchemy: rules run in microseconds without an event loop.
"""
