"""Suppression comments: ``<!-- claimcheck: disable-next-line KV103 -- reason -->`` and kin.

Forms: ``disable-next-line`` (the next line holding prose), ``disable-line`` (the comment's own
lines), ``disable`` ... ``enable`` (the lines in between, both comment lines included; to the end
of the file when never enabled) and ``disable-file``. Codes are required: a code such as
``KV103`` or a prefix such as ``KV1``. The reason after `` -- `` is optional.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence

import msgspec

from claimcheck.documents.lines import line_of, position
from claimcheck.errors import did_you_mean

VERBS = ("disable-next-line", "disable-line", "disable", "enable", "disable-file")
_CODE = re.compile(r"[A-Z]{2,}[0-9]{1,3}")
# Which directive wins when several cover a finding: the narrowest, then the first in the file.
_RANK = {"disable-line": 0, "disable-next-line": 0, "disable": 1, "disable-file": 2}


class Comment(msgspec.Struct, frozen=True):
    """An HTML comment found in a document: source offsets of ``<!--`` and past its end."""

    start: int
    end: int
    body: str
    closed: bool = True


def comment_end(text: str, start: int) -> tuple[int, int] | None:
    """Where the body ends and where the comment ends, for ``<!--`` at ``start``; ``None`` if open.

    As in HTML, ``<!-->`` and ``<!--->`` close themselves and ``--!>`` also closes a comment.
    """
    close = text.find("-->", start + 2)
    bang = text.find("--!>", start + 4, close if close >= 0 else len(text))
    if bang >= 0:
        return bang, bang + 4
    if close >= 0:
        return max(close, start + 4), close + 3
    return None


class Directive(msgspec.Struct, frozen=True):
    """A suppression comment and the 1-based lines it covers (``first_line`` to ``last_line``)."""

    kind: str
    codes: tuple[str, ...]
    reason: str | None
    line: int
    column: int
    first_line: int
    last_line: int

    def matches(self, code: str) -> bool:
        """Whether this directive names ``code`` or a prefix of it."""
        return any(code.startswith(own) for own in self.codes)


class DirectiveProblem(msgspec.Struct, frozen=True):
    """A comment that starts with ``claimcheck`` but is not a valid directive."""

    line: int
    column: int
    message: str


class Unused(msgspec.Struct, frozen=True):
    """Codes of a directive that suppressed no finding (reported as KV900)."""

    directive: Directive
    codes: tuple[str, ...]


class SuppressionResult(msgspec.Struct, frozen=True):
    """For each finding, the directive that suppressed it (or ``None``); and the unused codes."""

    suppressed_by: tuple[Directive | None, ...]
    unused: tuple[Unused, ...]

    @property
    def reasons(self) -> tuple[str | None, ...]:
        """For each finding, the reason its suppressing directive gives, if any."""
        return tuple(d.reason if d else None for d in self.suppressed_by)


class _Open:
    """A ``disable`` waiting for its ``enable``: its codes still open, in order (a dict, so an
    ``enable`` closes each code in constant time however many the ``disable`` names)."""

    __slots__ = ("codes", "column", "line", "reason")

    def __init__(self, line: int, column: int, codes: tuple[str, ...], reason: str | None) -> None:
        self.line = line
        self.column = column
        self.codes = dict.fromkeys(codes)
        self.reason = reason


def read_directives(
    comments: Sequence[Comment], starts: Sequence[int], prose_lines: Sequence[int]
) -> tuple[tuple[Directive, ...], tuple[DirectiveProblem, ...]]:
    """Directives and malformed directives among ``comments``, in source order.

    ``prose_lines`` (sorted) are the lines that hold prose: ``disable-next-line`` covers the first
    of them after the comment.
    """
    last_line = len(starts)
    directives: list[Directive] = []
    problems: list[DirectiveProblem] = []
    waiting: dict[str, list[_Open]] = {}
    for comment in sorted(comments, key=lambda c: c.start):
        parsed = parse_directive(comment.body)
        if parsed is None:
            continue
        line, column = position(starts, comment.start)
        if isinstance(parsed, str) or not comment.closed:
            message = parsed if isinstance(parsed, str) else "the comment is not closed with '-->'"
            problems.append(DirectiveProblem(line, column, message))
            continue
        verb, codes, reason = parsed
        if verb == "enable":
            problems.extend(_enable(waiting, codes, line, column, directives))
            continue
        if verb == "disable":
            opened = _Open(line, column, codes, reason)
            for code in codes:
                waiting.setdefault(code, []).append(opened)
            continue
        end_line = line_of(starts, max(comment.end - 1, comment.start))
        if verb == "disable-line":
            first, last = line, end_line
        elif verb == "disable-file":
            first, last = 1, last_line
        else:
            index = bisect_right(prose_lines, end_line)
            if index < len(prose_lines):
                first = last = prose_lines[index]
            else:
                first, last = end_line + 1, end_line  # no prose follows: an empty range
        directives.append(Directive(verb, codes, reason, line, column, first, last))
    still_open = {id(o): o for group in waiting.values() for o in group if o.codes}
    directives.extend(_closed(o, tuple(o.codes), last_line) for o in still_open.values())
    directives.sort(key=lambda d: (d.line, d.column, d.last_line))
    return tuple(directives), tuple(problems)


def _enable(
    waiting: dict[str, list[_Open]],
    codes: tuple[str, ...],
    line: int,
    column: int,
    directives: list[Directive],
) -> list[DirectiveProblem]:
    closing: dict[int, tuple[_Open, list[str]]] = {}
    problems = []
    for code in codes:
        group = waiting.pop(code, [])
        if not group:
            problems.append(
                DirectiveProblem(
                    line, column, f"'enable {code}' has no open 'disable {code}' before it"
                )
            )
        for opened in group:
            closing.setdefault(id(opened), (opened, []))[1].append(code)
    for opened, closed_codes in closing.values():
        for code in closed_codes:
            del opened.codes[code]
        directives.append(_closed(opened, tuple(closed_codes), line))
    return problems


def _closed(opened: _Open, codes: tuple[str, ...], last_line: int) -> Directive:
    return Directive(
        "disable", codes, opened.reason, opened.line, opened.column, opened.line, last_line
    )


def parse_directive(body: str) -> tuple[str, tuple[str, ...], str | None] | str | None:
    """``(verb, codes, reason)`` of a directive comment body, a problem message, or ``None``.

    ``None`` means the comment is not meant for claimcheck.
    """
    text = body.strip()
    if not text.startswith("claimcheck"):
        return None
    rest = text[len("claimcheck") :].lstrip()
    if not rest.startswith(":"):
        if rest.startswith(("-disable", "-enable")):
            return (
                "write 'claimcheck:' with a colon, e.g. '<!-- claimcheck: disable-line KV103 -->'"
            )
        return None
    head, _, reason = rest[1:].partition("--")
    words = head.replace(",", " ").split()
    if not words:
        return f"expected a directive after 'claimcheck:' ({', '.join(VERBS)})"
    verb, codes = words[0], [code.upper() for code in words[1:]]
    if verb not in VERBS:
        return f"unknown directive '{verb}'{did_you_mean(verb, VERBS)}; expected one of {', '.join(VERBS)}"
    if not codes:
        return f"'{verb}' needs at least one rule code, e.g. 'claimcheck: {verb} KV103'"
    for code in codes:
        if code.upper() in ("ALL", "*"):
            return "blanket suppression is not allowed: name the rule codes, e.g. KV103 or the prefix KV1"
        if not _CODE.fullmatch(code):
            return (
                f"'{code}' is not a rule code: expected a code like KV103 or a prefix like KV1"
                " (a reason goes after ' -- ')"
            )
    return verb, tuple(dict.fromkeys(codes)), reason.strip() or None


class _Ranges:
    """Ranges of lines for one code (``disable`` or ``disable-line`` directives, each of which
    starts on its own comment's line), searchable in logarithmic time: a directive is stored
    once per code, never once per line it covers."""

    __slots__ = ("directives", "firsts", "reach")

    def __init__(self, directives: list[Directive]) -> None:
        self.directives = sorted(directives, key=lambda d: (d.first_line, d.column))
        self.firsts = [d.first_line for d in self.directives]
        # reach[i]: the furthest line covered by any of the first i + 1 ranges.
        self.reach: list[int] = []
        for directive in self.directives:
            self.reach.append(max(directive.last_line, self.reach[-1] if self.reach else 0))

    def first_covering(self, line: int) -> Directive | None:
        started = bisect_right(self.firsts, line)
        index = bisect_left(self.reach, line, 0, started)
        return self.directives[index] if index < started else None


def apply_suppressions(
    directives: Sequence[Directive], findings: Sequence[tuple[str, int]]
) -> SuppressionResult:
    """Match findings ``(code, line)`` against directives.

    When several directives cover a finding, the narrowest wins (line, then range, then file),
    then the first in the file; only the winner counts as used.
    """
    next_line: dict[tuple[str, int], Directive] = {}
    by_file: dict[str, Directive] = {}
    grouped: dict[tuple[str, str], list[Directive]] = {}
    for directive in directives:
        for code in directive.codes:
            if directive.kind == "disable-file":
                by_file.setdefault(code, directive)
            elif directive.kind == "disable-next-line":
                if directive.first_line == directive.last_line:  # one line, or none
                    next_line.setdefault((code, directive.first_line), directive)
            else:
                grouped.setdefault((directive.kind, code), []).append(directive)
    ranges = {key: _Ranges(group) for key, group in grouped.items()}
    # Keyed by identity: a directive naming thousands of codes is not hashed once per finding.
    used: dict[int, set[str]] = {}
    named: dict[int, frozenset[str]] = {}
    winners: list[Directive | None] = []
    for code, line in findings:
        candidates = []
        for size in range(len(code), 0, -1):
            prefix = code[:size]
            candidates.append(next_line.get((prefix, line)))
            candidates.append(by_file.get(prefix))
            candidates.extend(
                ranges[kind, prefix].first_covering(line)
                for kind in ("disable-line", "disable")
                if (kind, prefix) in ranges
            )
        found = [d for d in candidates if d is not None]
        winner = min(found, key=lambda d: (_RANK[d.kind], d.line, d.column), default=None)
        winners.append(winner)
        if winner is not None:
            own = named.setdefault(id(winner), frozenset(winner.codes))
            prefixes = (code[:size] for size in range(len(code), 0, -1))
            used.setdefault(id(winner), set()).update(p for p in prefixes if p in own)
    unused = []
    for directive in directives:
        idle = tuple(c for c in directive.codes if c not in used.get(id(directive), ()))
        if idle:
            unused.append(Unused(directive, idle))
    return SuppressionResult(tuple(winners), tuple(unused))
