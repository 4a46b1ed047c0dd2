"""Large word alternations rewritten so that Python's regular-expression engine tries fewer of
their words at each place, with the same matches.

A lexicon pattern is mostly ``\\b(?:word|word|…)\\b``, several hundred words in the largest
(``exclude_topic`` joins 24 of them). At each word boundary the engine tries the words in
order; it skips one that starts with a letter other than the text's at once only when the
pattern is case-sensitive, and enters every one otherwise
(https://github.com/python/cpython/blob/3.11/Modules/_sre/sre_lib.h, ``SRE_OP_BRANCH``).
``factored`` groups the words that start with the same letter under that letter:
``\\b(?:kv\\b|kvbm\\b|lmcache\\b)`` becomes ``\\b(?:k(?:v\\b|vbm\\b)|lmcache\\b)``, so the
engine tries one branch per first letter.

The matches stay the same, span and groups: at a given place only words whose first letter is
the text's letter there can match (a case-blind pattern compares a text's character with one
letter's case forms only), and the words of one letter keep their order; a word that does not
start with a lower-case letter or a digit (``(?:than|vs)\\s…``, ``\\w+_p\\d\\d``) parts the
words around it into groups of their own, so every word is still tried after each word listed
before it that could match at the same place. Adjacent ``\\b(?:…)\\b`` alternatives are one boundary
test followed by each word and the closing boundary, in order: they join into one group.
A pattern with a capturing group (whose number the order gives), an inline flag or anything
this reading does not follow is left as it is. ``tests/extract/test_factoring.py`` holds every
lexicon pattern, case-blind and not, to the same matches on the corpora's texts.
"""

from __future__ import annotations

import re

_OPEN = "\\b(?:"
_CLOSE = ")\\b"
_KEY = re.compile(r"[a-z0-9]")
_QUANTIFIERS = frozenset("?*+{")


def _scan(source: str) -> list[tuple[int, str]] | None:
    """Where ``source``'s top-level ``|`` and its groups' parentheses are: ``(index, char)``
    for each ``(``, ``)`` and top-level ``|`` outside escapes and character classes; ``None``
    for a source this reading declines (unbalanced, a capturing or named group, an inline
    flag)."""
    marks: list[tuple[int, str]] = []
    depth, index, in_class = 0, 0, False
    while index < len(source):
        char = source[index]
        if char == "\\":
            index += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
            # A "]" first in a class (or after "^") is a member, not its end.
            index += (
                3 if source.startswith("[^]", index) else 2 if source.startswith("[]", index) else 1
            )
            continue
        elif char == "(":
            if not source.startswith("(?", index) or source[index + 2 : index + 3] not in (
                ":",
                "=",
                "!",
                "<",
            ):
                return None
            if source.startswith("(?<", index) and source[index + 3 : index + 4] not in ("=", "!"):
                return None
            depth += 1
            marks.append((index, char))
        elif char == ")":
            depth -= 1
            if depth < 0:
                return None
            marks.append((index, char))
        elif char == "|" and depth == 0:
            marks.append((index, char))
        index += 1
    return marks if depth == 0 and not in_class else None


def _split(source: str) -> list[str] | None:
    """The top-level alternatives of ``source``, or ``None``."""
    marks = _scan(source)
    if marks is None:
        return None
    cuts = [index for index, char in marks if char == "|"]
    return [source[a + 1 : b] for a, b in zip([-1, *cuts], [*cuts, len(source)], strict=True)]


def _words(piece: str) -> list[str] | None:
    """The alternatives of a piece ``\\b(?:…)\\b`` whose group spans it, or ``None``."""
    if not (piece.startswith(_OPEN) and piece.endswith(_CLOSE)):
        return None
    inner = piece[len(_OPEN) : -len(_CLOSE)]
    return _split(inner)  # None when a ")" of the inner text closes the group early


def _key(word: str) -> str | None:
    """The lower-case letter or digit ``word`` must start with, or ``None`` (an upper-case
    letter too: a case-blind pattern would match it where its lower-case form's words match)."""
    if not word or _KEY.fullmatch(word[0]) is None or word[1:2] in _QUANTIFIERS:
        return None
    return word[0]


def _expanded(word: str) -> list[str]:
    """``word`` as the words it tries in order when it opens with a group of words
    (``(?:than|vs)\\s…`` is ``than\\s…`` then ``vs\\s…``), as long as each of them starts with
    a letter or digit; ``[word]`` otherwise."""
    if not word.startswith("(?:"):
        return [word]
    marks = _scan(word)
    end = marks[1][0] if marks is not None and len(marks) > 1 else -1
    # The opening group's own ")" is the first mark back at depth 0.
    depth = 0
    for index, char in marks or []:
        depth += 1 if char == "(" else -1 if char == ")" else 0
        if depth == 0:
            end = index
            break
    rest = word[end + 1 :]
    inner = _split(word[3:end]) if end > 0 else None
    if inner is None or rest[:1] in _QUANTIFIERS:
        return [word]
    expanded = [w for alternative in inner for w in _expanded(alternative + rest)]
    return expanded if all(_key(w) is not None for w in expanded) else [word]


def _grouped(words: list[str]) -> list[str]:
    """``words`` (each followed by ``\\b``), those of one first letter grouped under it within
    each run between words without one."""
    out: list[str] = []
    run: dict[str, list[str]] = {}

    def flush() -> None:
        for key, rests in run.items():
            body = rests[0] if len(rests) == 1 else "(?:" + "|".join(rests) + ")"
            out.append(key + body)
        run.clear()

    for word in (expanded for written in words for expanded in _expanded(written)):
        key = _key(word)
        if key is None:
            flush()
            out.append(word + "\\b")
        else:
            run.setdefault(key, []).append(word[1:] + "\\b")
    flush()
    return out


def factored(source: str) -> str:
    """``source`` with its ``\\b(?:…)\\b`` alternations grouped by first letter (module
    docstring); ``source`` itself when it has none this reading follows."""
    pieces = _split(source)
    if pieces is None:
        return source
    out: list[str] = []
    words: list[str] = []
    for piece in pieces:
        inner = _words(piece)
        if inner is None:
            if words:
                out.append(_OPEN + "|".join(_grouped(words)) + ")")
                words = []
            out.append(piece)
        else:
            words += inner
    if words:
        out.append(_OPEN + "|".join(_grouped(words)) + ")")
    return "|".join(out)
