"""What the text tests share: reading the code blocks of a rendered message."""

from __future__ import annotations


def code_lines(text: str) -> list[str]:
    """The lines of ``text`` inside code blocks (between lines that start with three backticks)."""
    inside, found = False, []
    for line in text.splitlines():
        if line.startswith("```"):
            inside = not inside
        elif inside:
            found.append(line)
    return found
