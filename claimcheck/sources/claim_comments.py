"""Suppression comments in YAML and TOML claim files: ``# claimcheck: disable KV103 -- reason``.

The verbs are those of documents (``claimcheck/documents/suppressions.py``): ``disable-line``,
``disable-next-line`` and ``disable-file`` act on lines as they do there. ``disable`` acts on a
claim: written on one of the claim's lines, or on its own line(s) just above it, it covers that
claim; written anywhere else (the file's head, after a blank line between claims) it covers the
file. ``enable`` is not needed. JSON has no comments.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import msgspec

from claimcheck.documents.lines import line_bounds, position
from claimcheck.documents.suppressions import (
    Comment,
    Directive,
    DirectiveProblem,
    parse_directive,
    read_directives,
)
from claimcheck.sources.structured import Format, RawClaim

# Lines passed over between a comment and the claim below it: more comments, a TOML table
# header (``[[claims]]``), a YAML list dash on its own.
_LEAD = re.compile(r"\s*(#.*|\[\[?[^\]]*\]\]?\s*(#.*)?|-\s*)")


class _Claim(msgspec.Struct, frozen=True):
    """A claim's lines: ``first`` to ``last``, its first field on ``head``."""

    first: int
    head: int
    last: int


def read_comment_directives(
    text: str, fmt: Format, claims: Sequence[RawClaim]
) -> tuple[tuple[Directive, ...], tuple[DirectiveProblem, ...]]:
    """The suppression directives of a parsed claim file, and the malformed ones."""
    if fmt == "json" or "claimcheck" not in text:
        return (), ()
    comments = _yaml_comments(text) if fmt == "yaml" else _toml_comments(text)
    starts, ends = line_bounds(text)
    lines = [text[start:end] for start, end in zip(starts, ends, strict=True)]
    code_lines = [
        n for n, line in enumerate(lines, start=1) if line.strip() and not _comment_only(line)
    ]
    spans = _claim_lines(claims, len(lines))
    by_line: list[Comment] = []
    directives: list[Directive] = []
    problems: list[DirectiveProblem] = []
    for comment in comments:
        parsed = parse_directive(comment.body)
        if not isinstance(parsed, tuple) or parsed[0] not in ("disable", "enable"):
            by_line.append(comment)
            continue
        verb, codes, reason = parsed
        line, column = position(starts, comment.start)
        if verb == "enable":
            message = "'enable' is not used in claim files: a 'disable' covers the claim it is on"
            problems.append(DirectiveProblem(line, column, message))
            continue
        own_line = not lines[line - 1][: column - 1].strip()
        first, last = _scope(line, own_line, lines, spans)
        directives.append(Directive("disable", codes, reason, line, column, first, last))
    others, malformed = read_directives(by_line, tuple(starts), code_lines)
    directives.extend(others)
    problems.extend(malformed)
    directives.sort(key=lambda d: (d.line, d.column, d.last_line))
    problems.sort(key=lambda p: (p.line, p.column))
    return tuple(directives), tuple(problems)


def _comment_only(line: str) -> bool:
    return line.lstrip().startswith("#")


def _claim_lines(claims: Sequence[RawClaim], last_line: int) -> list[_Claim]:
    """Each claim from its first line to the line before the next claim (the last: the file's end)."""
    heads = []
    for raw in claims:
        keys = [p.line for p in raw.keys.values()]
        own = [raw.position.line] if raw.position else []
        if keys or own:
            heads.append((min(keys + own), min(keys or own)))
    heads.sort()
    return [
        _Claim(first, head, (heads[i + 1][0] - 1) if i + 1 < len(heads) else last_line)
        for i, (first, head) in enumerate(heads)
    ]


def _scope(line: int, own_line: bool, lines: list[str], claims: list[_Claim]) -> tuple[int, int]:
    """The lines a ``disable`` on ``line`` covers: the claim just below a comment on its own
    line, else the claim the line is in, else the whole file."""
    if own_line:
        below = line + 1
        while (
            below <= len(lines) and lines[below - 1].strip() and _LEAD.fullmatch(lines[below - 1])
        ):
            if any(c.first <= below <= c.head for c in claims):
                break
            below += 1
        for claim in claims:
            if claim.first <= below <= claim.head:
                return claim.first, claim.last
    for claim in claims:
        if claim.first <= line <= claim.last:
            return claim.first, claim.last
    return 1, len(lines)


def _comment(text: str, start: int) -> Comment:
    end = text.find("\n", start)
    end = len(text) if end < 0 else end
    return Comment(start, end, text[start + 1 : end].rstrip("\r"))


def _yaml_comments(text: str) -> list[Comment]:
    """Every ``#`` comment of a YAML text: at a line's start or after white space, and not
    inside a scalar (a quoted string or a block of text)."""
    import yaml

    scalars = [
        (token.start_mark.index, token.end_mark.index)
        for token in yaml.scan(text, Loader=yaml.SafeLoader)
        if isinstance(token, yaml.ScalarToken)
    ]
    found = []
    for match in re.finditer(r"(?:^|(?<=[ \t]))#", text, re.MULTILINE):
        offset = match.start()
        if not any(start <= offset < end for start, end in scalars):
            found.append(_comment(text, offset))
    return found


def _toml_comments(text: str) -> list[Comment]:
    """Every ``#`` comment of a TOML text, outside its strings (basic, literal, multi-line)."""
    found = []
    index = 0
    size = len(text)
    while index < size:
        char = text[index]
        if char == "#":
            comment = _comment(text, index)
            found.append(comment)
            index = comment.end
        elif text.startswith(('"""', "'''"), index):
            index = _closing(text, index + 3, text[index] * 3)
        elif char in "\"'":
            index = _closing(text, index + 1, char, single_line=True)
        else:
            index += 1
    return found


def _closing(text: str, index: int, quote: str, *, single_line: bool = False) -> int:
    """The offset just past the string that ends with ``quote`` (escapes count in basic strings)."""
    while index < len(text):
        if quote[0] == '"' and text[index] == "\\":
            index += 2
            continue
        if single_line and text[index] == "\n":
            return index
        if text.startswith(quote, index):
            return index + len(quote)
        index += 1
    return index
