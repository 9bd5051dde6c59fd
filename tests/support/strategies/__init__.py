"""Scripted players for measuring the AIs, one module per game (``tests/support/strength.py``).

Each module ``<game>.py`` exposes:

- ``STRATEGIES``: name -> ``Strategy``, three or more players a reasonable person might be, each
  deciding only from its own seat's view (a test checks it with ``strength.blind``);
- optionally ``blunders(match, seat) -> dict[str, int]``: counts of the habits a player would
  call blunders, for the AI in ``seat`` of a finished ``Match`` (played with ``keep_log``);
- optionally ``PREVIOUS``: the AI this game shipped before its last rewrite, frozen as a
  ``Strategy``, so the bench can put the new AI against the old one (Mogul only; the bench loads
  Top Race's and Takenoko's from git, bench/previous.py);
- ``GAMES``: how many seeded games per measurement the bench plays (slow games play fewer).
"""
