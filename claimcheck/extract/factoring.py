"""Large word alternations rewritten so that Python's regular-expression engine tries fewer of
their words at each place, with the same matches.

A lexicon pattern is mostly ``\\b(?:word|word|…)\\b``, several hundred words in the largest
(``exclude_topic`` joins 24 of them). At each word boundary the engine tries the words in
order (https://docs.python.org/3/library/re.html: "REs separated by '|' are tried from left
to right"), and measured with ``re`` alone, the time of a search grows with the number of
words tried there, most in a case-blind pattern (``bench/README.md``, "Lexicon alternations
grouped"). ``factored`` groups the words that start with the same letter under that letter:
``\\b(?:kv|kvbm|lmcache)\\b`` becomes ``\\b(?:k(?:v\\b|vbm\\b)|lmcache\\b)``, so the engine
tries about one branch per first letter.

The matches stay the same, span and groups. At a given place only the words whose first
character may be the text's there can match, and a case-blind pattern compares a character
with one letter's case forms only; a word keeps its place after every word listed before it
that may match where it does: the words of one letter keep their order, and a word that does
not start with a lower-case letter or a digit of its own (``(?:than|vs)+\\s…``, ``a?b``,
``\\w+_p\\d\\d``) closes the groups of the letters it may start with (``t`` and ``v``, ``a``
and ``b``, every one), so that later words of those letters come after it. A ``\\b`` before a
letter is the group's own, and a look-behind before a letter is tested after it
(``(?<![\\w-])r-kv`` is ``r(?<!(?:[\\w-])r)-kv``): both words then start with their letter.
Adjacent ``\\b(?:…)\\b`` alternatives are one boundary test followed by each word and the
closing boundary, in order: they join into one group. A word that starts with a group or a
class of letters (``(?:than|vs\\.?|over)\\s…``) would be tried at every word of the text and
part the groups of its letters: it is first spread into the words it alternates between, in
order (``than\\s…``, ``vs\\.?\\s…``, ``over\\s…``), each of which then joins its letter's group,
as long as that adds little to the pattern (``_spread``). A pattern with a capturing group
(whose number the order gives), an inline flag or anything this reading does not follow is
left as it is. ``tests/extract/test_factoring.py`` holds every lexicon pattern, case-blind
and not, to the same matches on real text, and generated alternations to the same matches on
generated text.
"""

from __future__ import annotations

import re
from functools import cache

_OPEN = "\\b(?:"
_CLOSE = ")\\b"
_KEY = re.compile(r"[a-z0-9]")
_QUANTIFIERS = frozenset("?*+{")


# The pieces of a pattern that matter here: an escape, a character class (a "]" first in it,
# or after "^", is a member), a class never closed, a group's opening (with what follows it),
# a group's close, a "|".
_PIECES = re.compile(r"\\.|\[\^?\]?(?:\\.|[^\]\\])*\]|\[|\((?:\?<?.)?|\)|\|")
_GROUPS = frozenset(("(?:", "(?=", "(?!", "(?<=", "(?<!"))


def _scan(source: str) -> list[tuple[int, str]] | None:
    """Where ``source``'s top-level ``|`` and its groups' parentheses are: ``(index, char)``
    for each ``(``, ``)`` and top-level ``|`` outside escapes and character classes; ``None``
    for a source this reading declines (unbalanced, a capturing or named group, an inline
    flag, an atomic group)."""
    marks: list[tuple[int, str]] = []
    depth = 0
    for piece in _PIECES.finditer(source):
        text = piece.group()
        if text[0] in "\\[":
            if text == "[":
                return None
            continue
        if text[0] == "(":
            if text not in _GROUPS:
                return None
            depth += 1
        elif text == ")":
            depth -= 1
            if depth < 0:
                return None
        elif depth > 0:
            continue
        marks.append((piece.start(), text[0]))
    return marks if depth == 0 else None


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


def _group_end(word: str) -> int:
    """Where the group that opens ``word`` closes, or -1."""
    depth = 0
    for index, char in _scan(word) or []:
        depth += 1 if char == "(" else -1 if char == ")" else 0
        if depth == 0:
            return index if char == ")" else -1
    return -1


def _keyed(word: str) -> str:
    """``word`` starting with its letter where it can: a ``\\b`` before a letter is the
    group's own (``\\b(?:…)`` tests it already), and a look-behind before a letter is tested
    after it (``(?<![\\w-])r-kv`` is ``r(?<!(?:[\\w-])r)-kv``)."""
    if word.startswith("\\b") and _key(word[2:]) is not None:
        return _keyed(word[2:])
    if word.startswith(("(?<!", "(?<=")) and (end := _group_end(word)) > 0:
        rest = word[end + 1 :]
        key = _key(rest)
        if key is not None:
            return f"{key}{word[:4]}(?:{word[4:end]}){key}){rest[1:]}"
    return word


_DIGITS = frozenset("0123456789")
_CLASS = re.compile(r"\[([a-z0-9-]+)\]")
_MEMBERS = re.compile(r"(.)-(.)|(.)")
_OPTIONAL = re.compile(r"[?*]|\{0|\{,")
"""A quantifier that lets what it follows be left out."""
_ZERO_WIDTH = ("\\b", "(?=", "(?!", "(?<=", "(?<!")


def _starts(word: str) -> frozenset[str] | None:
    """The keys (lower-case letters and digits) whose words may match where ``word`` does: the
    ones its first character may be, in either case; ``None`` for any."""
    if not word:
        return None  # the word is done: what follows it in the group is not known here
    if word.startswith(_ZERO_WIDTH):
        end = 1 if word.startswith("\\b") else _group_end(word)
        return _starts(word[end + 1 :]) if end > 0 else None
    if word.startswith("(?:"):
        end = _group_end(word)
        inner = _split(word[3:end]) if end > 0 else None
        if inner is None or word[end + 1 : end + 2] in ("*", "+", "{"):
            return None
        rest = word[end + 1 :]
        optional = rest[:1] == "?"
        rest = rest[2:] if rest[1:2] in ("?", "+") and optional else rest[1:] if optional else rest
        keys: set[str] = set()
        for word_after in [alternative + rest for alternative in inner] + (
            [rest] if optional else []
        ):
            starts = _starts(word_after)
            if starts is None:
                return None
            keys |= starts
        return frozenset(keys)
    first = _first_char(word)
    if first is None:
        return None
    chars, length = first
    after = word[length:]
    if _OPTIONAL.match(after):
        quantifier = after.find("}") + 1 if after[0] == "{" else 1  # "?", "*", "{0,2}"
        if quantifier == 0:
            return None
        lazy = after[quantifier : quantifier + 1] in ("?", "+")  # or possessive
        rest = after[quantifier + 1 :] if lazy else after[quantifier:]
        then = _starts(rest)
        return None if then is None else chars | then
    return chars


def _first_char(word: str) -> tuple[frozenset[str], int] | None:
    """The keys ``word``'s first character (one written atom) may match, and the atom's length;
    ``None`` for an atom this reading does not follow."""
    if word.startswith("\\d"):
        return _DIGITS, 2
    if word[0] == "\\" and len(word) > 1 and not word[1].isalnum():
        return frozenset(), 2  # an escaped mark: "\[", "\."
    if word[0].isascii() and word[0].isalnum():
        return frozenset(word[0].lower()), 1
    if not (word[0].isalnum() or word[0] in "\\[(.^$|)?*+{"):
        return frozenset(), 1  # a mark or symbol, no letter in any case: "±"
    found = _CLASS.match(word)
    if found is not None:
        keys: set[str] = set()
        for low, high, single in _MEMBERS.findall(found.group(1)):
            keys.update(map(chr, range(ord(low), ord(high) + 1)) if low else single)
        return frozenset(keys), found.end()
    return None


_SPREAD_WORDS = 8
_SPREAD_GROWTH = 200
"""The most words one word is spread into, and the most characters the spread may add: each
word repeats the rest of the word after its first group, and a longer pattern takes longer to
compile, which a one-liner pays in every run (``bench/README.md``, "Words spread")."""


def _spread(word: str) -> list[str]:
    """``word`` as the words its first group or class alternates between, in their order
    (``(?:than|vs)\\sx`` is ``than\\sx`` and ``vs\\sx``; ``(?:sub-)?1`` is ``sub-1`` and
    ``1``; ``[1-3]-bit`` is ``1-bit``, ``2-bit`` and ``3-bit``), so that each starts with its
    letter and is tried among that letter's words; ``[word]`` itself when it has no such
    start or spreads into too much."""
    words = [word]
    while True:
        spread = [_spread_once(w) for w in words]
        if all(s is None for s in spread):
            break
        words = [w for s, w in zip(spread, words, strict=True) for w in (s or [w])]
        if len(words) > _SPREAD_WORDS or sum(map(len, words)) - len(word) > _SPREAD_GROWTH:
            return [word]
    return words


def _spread_once(word: str) -> list[str] | None:
    """``word``'s first alternation written out once: a group (optional or not, after a
    ``\\b`` or a look-behind, which each word keeps) or a class of letters and digits; ``None``
    when it starts with neither. ``(?:a|b)c`` tries ``a`` then ``b``, each followed by
    ``c``, as ``ac|bc`` does; ``(?:a|b)?c`` then tries ``c``."""
    if word.startswith("\\b"):
        lead = 2
    elif word.startswith(("(?<!", "(?<=")):
        lead = _group_end(word) + 1
        if lead <= 0:
            return None
    else:
        lead = 0
    head, body = word[:lead], word[lead:]
    if body.startswith("(?:"):
        end = _group_end(body)
        inner = _split(body[3:end]) if end > 0 else None
        rest = body[end + 1 :]
        if inner is None or rest[:1] in ("*", "+", "{"):
            return None
        if rest[:1] == "?":
            rest = rest[1:]
            if not rest or rest[:1] in _QUANTIFIERS:
                return None  # lazy or possessive, or nothing after it
            inner.append("")
        return [head + alternative + rest for alternative in inner]
    found = _CLASS.match(body)
    if found is None or body[found.end() : found.end() + 1] in _QUANTIFIERS:
        return None
    rest = body[found.end() :]
    members = [
        member
        for low, high, single in _MEMBERS.findall(found.group(1))
        for member in (map(chr, range(ord(low), ord(high) + 1)) if low else single)
    ]
    return [head + member + rest for member in members]


def _grouped(words: list[str]) -> list[str]:
    """``words`` (each followed by ``\\b``), those of one first letter grouped under it, up to
    the next word that may match where they do and starts with no letter of its own; a word
    that starts with a group or class is spread first (``_spread``)."""
    out: list[tuple[str, list[str]] | str] = []
    open_groups: dict[str, list[str]] = {}
    for word in map(_keyed, [spread for written in words for spread in _spread(written)]):
        key = _key(word)
        if key is not None:
            rests = open_groups.get(key)
            if rests is None:
                rests = open_groups[key] = []
                out.append((key, rests))
            rests.append(word[1:] + "\\b")
            continue
        starts = _starts(word)
        for open_key in [k for k in open_groups if starts is None or k in starts]:
            del open_groups[open_key]  # later words of this letter are tried after this one
        out.append(word + "\\b")
    return [
        item
        if isinstance(item, str)
        else item[0] + (item[1][0] if len(item[1]) == 1 else "(?:" + "|".join(item[1]) + ")")
        for item in out
    ]


@cache  # a lexicon pattern is compiled case-blind and for lower-case text
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
