"""One package per game: pydantic state, pure rules, data loading."""
