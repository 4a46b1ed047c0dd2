"""Suppression comments a code action may add for a finding, in the file's own syntax
(docs/usage.md, "Lint marketing pages"; ``claimcheck/documents/suppressions.py`` and
``claimcheck/sources/claim_comments.py`` read them): ``<!-- claimcheck: … -->`` in Markdown,
HTML and text, ``# claimcheck: …`` in YAML and TOML. JSON has no comments.

Each kind offers its places in order of preference: a comment on a line of its own above a
line that starts a block (the documented form), then one at the end of the finding's line
(a comment line inside a Markdown paragraph would split it), then others. The server keeps
the first place whose comment, audited, silences the finding and changes nothing else.
"""

from __future__ import annotations

import re

import msgspec

from claimcheck.server.positions import Lines

REASON = "say here why this finding does not apply"
"""The reason the comment is written with, for the writer to replace."""

_PREFIX = re.compile(r"[ \t>]*")  # indentation and blockquote markers, kept on a line above


class Insertion(msgspec.Struct, frozen=True):
    """Insert ``text`` at the code-point ``offset``; ``where`` says where, for the action's
    title ("with a comment above this line")."""

    offset: int
    text: str
    where: str


def insertions(
    lines: Lines, kind: str, code: str, line: int, claim_line: int | None = None
) -> list[Insertion]:
    """The comments that may suppress ``code`` at the 1-based ``line``, best first.
    ``claim_line`` is the first line of the finding's claim in a claim file."""
    if line < 1 or line > lines.count:
        return []
    if kind in ("markdown", "html", "text"):
        return _html_comments(lines, kind, code, line)
    if kind in ("yaml", "toml"):
        return _hash_comments(lines, code, line, claim_line)
    return []


def _html_comments(lines: Lines, kind: str, code: str, line: int) -> list[Insertion]:
    above = _above(lines, line, f"<!-- claimcheck: disable-next-line {code} -- {REASON} -->")
    after = _after(lines, line, f" <!-- claimcheck: disable-line {code} -- {REASON} -->")
    if kind == "text":  # a directive in text is a line of its own
        return [above]
    if kind == "html":
        return [after, above]
    previous = lines.line_text(line - 2) if line > 1 else ""
    starts_block = not previous.strip(" \t>")
    return [above, after] if starts_block else [after, above]


def _hash_comments(lines: Lines, code: str, line: int, claim_line: int | None) -> list[Insertion]:
    found = [
        _above(lines, line, f"# claimcheck: disable-next-line {code} -- {REASON}"),
        _after(lines, line, f"  # claimcheck: disable-line {code} -- {REASON}"),
    ]
    if claim_line is not None and 1 <= claim_line <= lines.count:
        comment = f"# claimcheck: disable {code} -- {REASON}"
        found.append(_above(lines, claim_line, comment, "for this claim"))
    return found


def _above(lines: Lines, line: int, comment: str, what: str = "above this line") -> Insertion:
    text = lines.line_text(line - 1)
    prefix = _PREFIX.match(text)
    indent = prefix.group() if prefix else ""
    start = lines.starts[line - 1]
    if line == 1 and lines.text.startswith("\ufeff"):
        start += 1  # the byte order mark stays first
        indent = indent.lstrip("\ufeff")
    return Insertion(start, f"{indent}{comment}{lines.line_break()}", f"with a comment {what}")


def _after(lines: Lines, line: int, comment: str) -> Insertion:
    return Insertion(lines.ends[line - 1], comment, "with a comment at the end of this line")


def applied(text: str, insertion: Insertion) -> str:
    """``text`` with the insertion made."""
    return text[: insertion.offset] + insertion.text + text[insertion.offset :]
