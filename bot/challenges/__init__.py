"""Challenges: a player's own play-count challenges (N games × M plays in a period), read from
the logbook. Server challenges, where everyone meets the same seeded opponent, come later under
the same `/challenge` command group.

    terms.py     what a challenge is, and the checks of what a player typed
    progress.py  its progress from the plays: counts, what is left, the pace (pure)
    text.py      the lines a reply shows          picture.py   the grid of N×M cells (Pillow)
    service.py   new, list, show, share, delete, restore: what the cog and console call
"""
