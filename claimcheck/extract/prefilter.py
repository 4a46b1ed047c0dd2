"""Cheap tests that let most text skip the extractor (and most pages skip the parser).

A claim needs a speed-factor-like number (``candidate``) and a KV-cache / prefill / TTFT /
context / tier / metric word (``cue``) in the same unit of prose. Both tests are single linear
regex scans; neither may say "no" to text the extractor would read a claim from.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from heapq import merge
from itertools import chain
from string import ascii_letters, digits
from typing import TYPE_CHECKING, NamedTuple

from claimcheck.documents.tables import timed_columns
from claimcheck.extract.factoring import factored
from claimcheck.extract.glossary import foreign, in_english
from claimcheck.extract.lexicon import NAMED_FRACTIONS, TOPIC_CUES, pattern, source
from claimcheck.extract.lookalike import FOLD, FOLDED, IGNORABLE, ignorable_codes

if TYPE_CHECKING:
    from claimcheck.documents.page_text import Text

# A factor's sign (x, ×, or a sign that looks like them) before a digit; a digit (or a
# superscript one) before x, ×, fold, times, %, a time unit or a rate unit; a word multiplier or
# fraction. The three are scanned apart in lower-case text (each scan then starts from the one
# character or word it needs) and as one pattern, case-insensitively, elsewhere.
_X = "[x×✕✖⨯⨉ｘх]"
_SIGN_FIRST = rf"(?<![\w.]){_X}\s?\d"
_DIGIT_FIRST = (
    r"[\d⁰¹²³⁴⁵⁶⁷⁸⁹]\s?(?:[x×✕✖⨯⨉ｘх](?![^\W¹²³⁴⁵⁶⁷⁸⁹⁰])|%|-?fold|-?\s?times\b|"
    r"\s?percent|\sper\scent\b|\s?speed-?ups?\b|"
    r"\s?-?(?:ms|msec|milli\w*|[µμ]s|us|micro\w*|s|secs?|seconds?|mins?|minutes?|h|hours?|hrs?)\b|\s?/\s?\d|"
    r"tok(?:en)?s?/s|tokens?\sper\ssecond|req(?:uest)?s?/s|qps|rps)"
)
# Each word with what must follow it; each but "fold" starts a word.
_WORDS = (
    ("twice", ""), ("doubl", ""), ("tripl", ""), ("quadrupl", ""), ("halv", ""),
    ("half", r"\b"), ("percent", r"\b"), ("magnitude", ""), ("factor", r"\sof"), ("times", r"\b"),
    *((name, "") for name in NAMED_FRACTIONS if name != "half"),
)  # fmt: skip
_WORD = r"\b(?:" + "|".join(word + after for word, after in _WORDS) + r")|fold\b"
# The look-ahead lets the one-pattern scan skip most positions at once.
_CANDIDATE = rf"(?=[\d⁰¹²³⁴⁵⁶⁷⁸⁹tdhpmfqx×✕✖⨯⨉ｘх])(?:{_SIGN_FIRST}|{_DIGIT_FIRST}|{_WORD})"
_CUES = (
    "cue_strong", "cue_weak", "kv_product", "metric_ttft", "metric_throughput", "metric_end_to_end",
    "metric_decode", "metric_latency", *(f"tier_{kind}" for kind in ("object", "network", "cxl", "nvme", "dram")),
)  # fmt: skip


@cache
def _candidate(lowered: bool) -> re.Pattern[str]:
    # Text already in lower case is scanned case-sensitively: about twice as fast.
    return re.compile(_CANDIDATE, 0 if lowered else re.IGNORECASE)


@cache
def _cue(lowered: bool) -> re.Pattern[str]:
    # Each source is a whole alternation: joined, they are one (``factored`` groups its words).
    return re.compile(
        factored("|".join(source(name) for name in _CUES)), 0 if lowered else re.IGNORECASE
    )


def candidate(text: str, lo: int = 0, hi: int | None = None, *, lowered: bool = False) -> bool:
    """Could ``text[lo:hi]`` hold a speed factor or a time? ``False`` means no claim is in it.
    ``lowered``: the text is already in lower case."""
    if lo == 0 and hi is None:
        if lowered:
            return _lowered_candidate(text)
        if text.isascii():  # in ASCII, the case-blind pattern finds what the lower-case one does
            return _lowered_candidate(text.lower())
    return _candidate(lowered).search(text, lo, len(text) if hi is None else hi) is not None


def _lowered_candidate(text: str) -> bool:
    """``candidate`` of lower-case text, each part of the pattern on its own, so that each scan
    starts from the one character or word it needs: a digit, a sign, and each word multiplier
    only where a plain substring test finds it (about twice as fast as the one pattern)."""
    ascii_only = text.isascii()
    digit_first, sign_first = _parts(ascii_only)
    if ascii_only:
        found = _ascii_digit_first(text, digit_first)
    else:
        found = digit_first.search(text) is not None
    if found or sign_first.search(text) is not None:
        return True
    # One scan for any of the words first: most text holds none (a table cell, a number).
    if _ANY_WORD.search(text) is None:
        return False
    return any(word in text and found.search(text) is not None for word, found in _words())


def _ascii_digit_first(text: str, digit_first: re.Pattern[str]) -> bool:
    """``digit_first.search(text)`` in ASCII text, tried only where it can start: at a digit
    followed, past at most two spaces, by a character an ending starts with (``x``, ``%``,
    ``-``, ``/`` or the first letter of a unit or word). Those places are found in the text
    with each character replaced by its class (digit, space, such a character, other): one
    translation and one scan for a fixed character, where the pattern's own scan tests a
    character class at every position (about 3x faster on prose with many numbers)."""
    return next(_ascii_digit_first_starts(text, digit_first), None) is not None


def _ascii_digit_first_starts(text: str, digit_first: re.Pattern[str]) -> Iterator[int]:
    """The places of ASCII ``text`` where ``digit_first`` matches, among those
    ``_ascii_digit_first`` tries, in order."""
    classes = text.encode("ascii").translate(_CLASSES).decode("ascii")
    for place in _DIGIT_THEN_ENDING.finditer(classes):
        if digit_first.match(text, place.start()) is not None:
            yield place.start()


@cache
def _parts(ascii_only: bool) -> tuple[re.Pattern[str], re.Pattern[str]]:
    # In text of ASCII characters the only digits are 0-9 and the only sign is x: a range and
    # a letter scan faster.
    digit_first = _DIGIT_FIRST.replace(r"[\d⁰¹²³⁴⁵⁶⁷⁸⁹]", "[0-9]") if ascii_only else _DIGIT_FIRST
    sign = "x" if ascii_only else _X
    # The sign's look-behind moves after the sign, so that the scan starts from a character.
    sign_first = rf"{sign}(?<![\w.]{sign})\s?\d"
    return re.compile(digit_first), re.compile(sign_first)


# The characters each ending of _DIGIT_FIRST may start with, after the digit and at most two
# spaces (two optional ones: "5 - times", "5  ms").
ENDING_STARTS = "x%-/ftpsmuhqr"
_CLASSES = bytes(
    ord(".") if code > 127 else  # never met: the text is ASCII
    ord("0") if chr(code).isdigit() else
    ord(" ") if chr(code).isspace() else  # what \s matches
    ord("e") if chr(code) in ENDING_STARTS else
    ord(".")
    for code in range(256)
)  # fmt: skip
_DIGIT_THEN_ENDING = re.compile("0 {0,2}e")


_ANY_WORD = re.compile("|".join(word for word, _ in (*_WORDS, ("fold", ""))))
"""Any word ``_words`` looks for, anywhere."""


@cache
def _words() -> tuple[tuple[str, re.Pattern[str]], ...]:
    # "(?<!\wtwice)" after the word says what "\b" before it does, and the scan starts from
    # the word's letters.
    starting = tuple((word, re.compile(rf"{word}(?<!\w{word}){after}")) for word, after in _WORDS)
    return (*starting, ("fold", re.compile(r"fold\b")))


def paragraph_may_hold_candidate(content: str) -> bool:
    """Could the prose Markdown makes of a paragraph's inline source ``content`` hold a
    candidate? Only ASCII text without an image, code span, tag, character reference or
    backslash, and whose links are all plain ones (see ``_PLAIN_LINK``), is answered from the
    source itself: there the prose is the source with each link made its text, less some
    emphasis marks (``*``, ``_``), with line ends and runs of spaces made one space, and
    ``normalise`` changes it only by deleting marks and joining spaces or digits. Deleting every
    ``*`` and ``_`` and joining every run of spaces can only add candidates (a word character
    beside a factor or word never makes one), so a source without one holds none."""
    if not content.isascii() or any(mark in content for mark in _INLINE_MARKUP):
        return True
    if "[" in content or "]" in content:
        content = _PLAIN_LINK.sub(r"\1", content)
        if "[" in content or "]" in content:  # an image, a reference, a bracket of prose
            return True
    words = content.lower().translate(_EMPHASIS).split()
    if not words or candidate(" ".join(words), lowered=True):
        return True
    return "|" in content and timed_columns(content, "")  # a table of times as bare numbers


_INLINE_MARKUP = ("`", "<", "&", "\\")
_EMPHASIS = str.maketrans("", "", "*_")
# A link CommonMark always reads as one, whose prose is its text: no image mark before it, no
# bracket in its text, and a destination of no space, parenthesis, angle bracket or colon
# (but an http, https or mailto scheme, which markdown-it's link check accepts) right before the
# closing parenthesis, with no title. Tags, code spans, references and backslashes, which might
# take the brackets first, are left to the parser (the caller asks about them first).
_PLAIN_LINK = re.compile(r"(?<!!)\[([^\[\]]*)\]\((?:https?://|mailto:)?[^\s()<>\\:]*\)")


def cue(text: str, *, lowered: bool = False) -> bool:
    """Does ``text`` name anything that makes a factor a KV-cache claim (or frame one)?
    ``lowered``: the text is already in lower case. ASCII text is scanned in its lower-case
    copy, case-sensitively (about twice as fast): every letter the cue rows spell is a
    lower-case ASCII one (``tests/extract/test_prefilter.py``), and an ASCII character
    matches such a letter case-blind exactly when its lower-case form is that letter
    (https://docs.python.org/3/library/re.html#re.IGNORECASE)."""
    if not lowered and text.isascii():
        return _cue(True).search(text.lower()) is not None
    return _cue(lowered).search(text) is not None


PART = 1 << 18
"""Characters of a large page scanned at a time."""
_PARTS = 16
LARGE_PAGE = _PARTS * PART
"""A Markdown or text page longer than this is scanned a part at a time when the caller has no
lower-case copy of it: no copy of the whole page is made."""


def page_may_hold_claims(
    source: Text, *, by_block: bool = True, lower: str | None = None, part: int = PART
) -> bool:
    """Does the raw ``source`` hold a candidate and a cue: in one blank-line separated block
    (Markdown and text, whose units never span a blank line), or anywhere (``by_block`` false:
    HTML, where one table or paragraph may), or a candidate anywhere under a heading about KV
    caching. Markup only removes words, so a page that fails this holds no claim. An HTML
    page is scanned without the contents of its scripts, style sheets and SVG images, which
    the reader never reads (``documents.html.without_unread_contents``). ``lower``: the
    caller's ``source.lower()``, when it has one (a page is lower-cased once for every scan).
    Without it, a Markdown or text page of more than 16 times ``part`` characters is
    scanned ``part`` characters or so at a time (``_spans``), with the same answer; so is a
    long page in pieces (``documents.page_text``), which is joined only when it has no place
    to cut."""
    if not by_block and "<" in source:
        from claimcheck.documents.html import without_unread_contents

        page = str(source)
        stripped = without_unread_contents(page)
        if stripped != page:  # the caller's copy may be without them already
            source, lower = stripped, None
    if by_block and lower is None and len(source) > _PARTS * part:
        spans = _spans(source, part)
        if len(spans) > 1:
            return _parts_may_hold_claims(source, spans)
    source = str(source)
    if lower is None:
        lower = source.lower()
    if foreign(lower):  # read as the extractor reads it
        source, lower = _english(source), _english(lower)
    # a table whose header gives a column's time unit holds times as bare numbers
    found = candidate(lower, lowered=True) or timed_columns(lower, "")
    if found and _holds(lower, source, by_block, found=True):
        return True
    # Without a candidate, the test below finds the marks of a page of ASCII characters without
    # tags or references itself (and answers no without any).
    if (found or not _near_only(lower)) and not _marked(lower):
        return False
    # Markup, entities, invisible characters or doubled spaces may sit inside a number or a
    # cue word ("**27**x", "27&#215;", "2\u200b7x", "27  x"): read the page once more without them.
    if not found and not _near_changes(lower):
        return False
    plain = _plain(lower)
    return plain != lower and _holds(plain, plain, by_block)


def _near_only(lower: str) -> bool:
    """Does ``_near_changes`` read only near the marks of ``lower``?"""
    return "<" not in lower and "&" not in lower and lower.isascii()


def _near_changes(lower: str) -> bool:
    """Could the plain reading of ``lower``, which holds no candidate, hold one? A candidate
    that was not there before must touch a place the reading changes (a mark it deletes, spaces
    it joins), since one among unchanged characters was there already. In a page of ASCII
    characters without tags or character references (where the reading only deletes marks
    and joins spaces), only the text around those places is read; elsewhere, or with very many
    of them, ``True``, and the whole page is read."""
    if not _near_only(lower):
        return True
    # Each changed character made one fixed character, found by a scan for it alone.
    changed = lower.encode("ascii").translate(_ASCII_CHANGED).decode("ascii")
    places = [m.start() for m in _A_CHANGE.finditer(changed)]
    for pair in ("  ", " \n", "\n "):
        at = lower.find(pair)
        while at != -1 and len(places) <= _MAX_PLACES:
            places.append(at)
            at = lower.find(pair, at + 1)
    if len(places) > _MAX_PLACES:
        return True
    if not places:
        return False  # the plain reading is the text itself
    places.sort()
    windows = []
    start = previous = places[0]
    for place in [*places[1:], len(lower) + 2 * _NEAR]:
        if place - previous >= 2 * _NEAR:  # the end of a group of nearby places
            windows.append(_plain(lower[max(0, start - _NEAR) : previous + 1 + _NEAR]))
            start = place
        previous = place
    # One scan of the windows joined by a character no part of a candidate matches (nor sees
    # as a word character or space): it finds one where a scan of each window would.
    return candidate("\0".join(windows), lowered=True)


def _holds(lower: str, headings: str, by_block: bool, *, found: bool = False) -> bool:
    """The test of ``page_may_hold_claims`` on lower-case text, with its headings found in
    ``headings``; ``found``: the text is known to hold a candidate."""
    if not found and not candidate(lower, lowered=True):
        return False
    if not by_block:
        return cue(lower, lowered=True)
    # A block with both answers first: scanning for headings costs more than that.
    in_block, speed_table = _block_answers(lower)
    # A page about KV caching lends its topic to every paragraph, and to a table's "Speedup"
    # column (claimcheck.sources.document).
    return (
        in_block or _topic_heading(headings) or (speed_table and page_names_kv(lower, lowered=True))
    )


def _block_answers(lower: str) -> tuple[bool, bool]:
    """Does a blank-line separated block of lower-case ``lower`` hold a candidate and a cue
    (``True`` at the first), and does one hold a candidate and a speedup column?"""
    speed_table = False
    for block in _blocks_with_candidate(lower):
        if cue(block, lowered=True):
            return True, speed_table
        speed_table = speed_table or ("|" in block and _speed_column().search(block) is not None)
    return False, speed_table


class _Answers(NamedTuple):
    """What the whole-page test asks of a page, asked of one part of it: a candidate, a block
    with a candidate and a cue, a block with a candidate and a speedup column, a heading
    about KV caching, KV words, marks; and whether the part reads otherwise without markup."""

    found: bool = False
    in_block: bool = False
    table: bool = False
    heading: bool = False
    kv: bool = False
    marked: bool = False
    changed: bool = False


def _answers(lower: str, headings: str, changed: bool = False) -> _Answers:
    """The answers for one part in lower case, with its headings found in ``headings``."""
    found = candidate(lower, lowered=True) or timed_columns(lower, "")
    in_block, table = _block_answers(lower) if found else (False, False)
    kv = _kv_anywhere().search(lower) is not None
    return _Answers(found, in_block, table, _topic_heading(headings), kv, _marked(lower), changed)


def _any(parts: Iterable[_Answers]) -> _Answers:
    """Each answer for the whole page: that of any part."""
    return _Answers(*(any(column) for column in zip(_Answers(), *parts, strict=True)))


def _parts_may_hold_claims(source: Text, spans: list[tuple[int, int]]) -> bool:
    """``page_may_hold_claims`` of a Markdown or text page read a span at a time: each part
    of the whole-page test is answered for the page by any span (a block, a heading, a tag or
    a candidate never spans two: ``_spans``), and the answers are combined as that test
    combines them (its shortcuts left out)."""
    from claimcheck.documents.page_text import parts

    glossed = any(foreign(piece) for _, piece in parts(source))
    page = _any(
        _answers(lower, text) for text, lower in _span_texts(source, spans, glossed=glossed)
    )
    if page.found and (page.in_block or page.heading or (page.table and page.kv)):
        return True
    if not page.marked:  # the page reads as it is without markup
        return False
    plain = _any(
        _answers(unmarked, unmarked, unmarked != lower)
        for lower, unmarked in _plains(source, spans, glossed=glossed)
    )
    # page_names_kv of the page: KV words in it, or (it is marked) in it without markup.
    if page.found and page.table and plain.kv:
        return True
    if not (plain.changed and plain.found):
        return False
    if plain.in_block or plain.heading:
        return True
    if not plain.table:
        return False
    # page_names_kv of the page without markup: KV words in it, or in it once more without.
    return plain.kv or (
        plain.marked
        and any(
            _kv_anywhere().search(_plain(unmarked)) is not None
            for _, unmarked in _plains(source, spans, glossed=glossed)
        )
    )


def _span_texts(
    source: Text, spans: list[tuple[int, int]], *, glossed: bool = False, lowered: bool = False
) -> Iterator[tuple[str, str]]:
    """Each span of ``source`` and its lower-case copy (read in English terms when ``glossed``,
    the page holding text the glossary reads: ``_english``); ``lowered``: ``source``
    is in lower case already."""
    for lo, hi in spans:
        text = source[lo:hi]
        lower = text if lowered else text.lower()
        yield (_english(text), _english(lower)) if glossed else (text, lower)


def _english(text: str) -> str:
    """``text`` read in English terms (``glossary.english``) a blank-line separated block at a
    time, and each block only when it may hold a term (``foreign``), as the extractor reads a
    paragraph (``normalise``). No term spans a blank line (a term's spaces and the characters
    it looks around at are single ones beside it), so each block reads as it does in the whole
    text, and a long page with one accented name pays the glossary for that block alone."""
    ends = [blank.start() + 1 for blank in _BLOCKS.finditer(text)]  # a term sees the line end
    return "".join(
        in_english(text[start:end])
        for start, end in zip([0, *ends], [*ends, len(text)], strict=True)
    )


def _plains(
    source: Text, spans: list[tuple[int, int]], *, glossed: bool = False, lowered: bool = False
) -> Iterator[tuple[str, str]]:
    """Each span of ``source`` in lower case and without markup (``_plain``)."""
    for _, lower in _span_texts(source, spans, glossed=glossed, lowered=lowered):
        yield lower, _plain(lower)


def _spans(source: Text, part: int) -> list[tuple[int, int]]:
    """``source`` cut into spans of ``part`` characters or more, each cut at the end of a
    blank line (a match of ``_BLOCKS``) where every scan of the page test reads across the
    cut as the ends of two texts: the character before the blank line is an ASCII letter or
    punctuation that no reading deletes and no number ends with (so the blank line is one a
    scan of the whole page finds, and no candidate, which holds at most two spaces in a row
    after a digit, spans it), the one after it an ASCII letter, digit, ``#`` or ``|`` (no
    space or mark that the reading without markup would join to the line end before it, and
    no setext underline), and no tag, heading tag or character reference can reach across:
    there is no ``<`` or ``&`` before the cut, or none in the ``_WINDOW`` characters before it
    and enough letters and digits there (``_REACH``) that none before them reaches the cut,
    whatever the reading without markup deletes. Lower-casing a span gives that part of the
    page in lower case: line ends, spaces and ASCII characters lower-case alone."""
    marks = [at for at in (source.find("<"), source.find("&")) if at != -1]
    first_mark = min(marks, default=len(source))
    spans = []
    lo = 0
    at = part
    while (blank := _blank_line(source, at)) is not None:
        start, cut = blank
        before = source[start - 1]
        if before == "\r":  # a blank line of CRLF text
            before = source[start - 2] if start > 1 else ""
        if cut == len(source) or before not in _BEFORE_CUT or source[cut] not in _AFTER_CUT:
            at = cut
        elif cut > first_mark and not _far_from_marks(source[max(0, cut - _WINDOW) : cut]):
            at = cut + _WINDOW  # no cut within a window of this one is either
        else:
            spans.append((lo, cut))
            lo = cut
            at = cut + part
    spans.append((lo, len(source)))
    return spans


def _blank_line(source: Text, at: int) -> tuple[int, int] | None:
    """Where the first blank line (a match of ``_BLOCKS``) from ``at`` on starts and ends. Its
    match starts and ends at a line break, so in a page in pieces of whole lines
    (``documents.page_text``) it lies in one piece, or starts at the line break that ends a
    piece and ends at the end of the next piece's first line."""
    from claimcheck.documents.page_text import parts

    pieces = parts(source, at)
    offset, piece = next(pieces, (0, ""))
    for following_offset, following in chain(pieces, [(len(source), "")]):
        found = _BLOCKS.search(piece, max(at - offset, 0))
        if found is not None:
            return offset + found.start(), offset + found.end()
        if at < following_offset and (rest := _BLANK_REST.match(following)) is not None:
            return following_offset - 1, following_offset + rest.end()
        offset, piece = following_offset, following
    return None


def _far_from_marks(window: str) -> bool:
    """Is ``window`` free of ``<`` and ``&`` and long enough in ASCII letters and digits?"""
    if "<" in window or "&" in window:
        return False
    return len(window.encode("ascii", "ignore").translate(None, _NOT_ALNUM)) >= _REACH


_BEFORE_CUT = frozenset(ascii_letters + ".,;:!?)|'\"")
_AFTER_CUT = frozenset(ascii_letters + digits + "#|")
_NOT_ALNUM = bytes(code for code in range(128) if not chr(code).isalnum())
# A tag reaches at most 301 characters past its "<", a heading tag's text 506: a window of
# 2,048 characters holding 600 letters and digits (which every reading keeps) keeps them apart.
_WINDOW = 2048
_REACH = 600


@cache
def _speed_column() -> re.Pattern[str]:
    """A speedup column's header words, in lower-case text (lexicon row ``speed_noun``)."""
    return re.compile(r"\b(?:" + source("speed_noun") + r")\b")


def _blocks_with_candidate(lower: str) -> Iterator[str]:
    """The blank-line separated blocks of lower-case ``lower`` that hold a candidate, in
    order. In text of ASCII characters, only the blocks where a scan of the whole text finds
    a candidate may start are asked (on most pages, one or two of some twenty): each part of
    the pattern found where it matches in a block alone matches there in the whole text too,
    since a block's edges lie beside a line end, which the pattern's look-arounds and word
    boundaries see as they see the ends of a text. Neither the blocks nor the places are
    held: the scans are read in step."""
    if not lower.isascii():
        yield from (block for block in _split_blocks(lower) if candidate(block, lowered=True))
        return
    separators = _BLOCKS.finditer(lower)
    following = next(separators, None)
    lo = 0
    asked = -1
    for start in _candidate_starts(lower):
        while following is not None and following.start() < start:
            lo = following.end()
            following = next(separators, None)
        if lo == asked:
            continue
        asked = lo
        text = lower[lo : len(lower) if following is None else following.start()]
        if candidate(text, lowered=True):
            yield text


def _split_blocks(text: str) -> Iterator[str]:
    """``_BLOCKS.split(text)``, one block at a time."""
    lo = 0
    for separator in _BLOCKS.finditer(text):
        yield text[lo : separator.start()]
        lo = separator.end()
    yield text[lo:]


def _candidate_starts(lower: str) -> Iterator[int]:
    """Every place of lower-case ASCII ``lower`` where a part of the candidate pattern
    matches, in order (a place where two match, twice): the places ``_lowered_candidate``
    tries, all of them."""
    digit_first, sign_first = _parts(True)
    scans = [
        _ascii_digit_first_starts(lower, digit_first),
        (found.start() for found in sign_first.finditer(lower)),
        *(
            (found.start() for found in found_word.finditer(lower))
            for word, found_word in _words()
            if word in lower
        ),
    ]
    return merge(*scans)


def _topic_heading(text: str) -> bool:
    """Does a heading of ``text`` (``_HEADINGS``) say the page is about KV caching? Without a
    ``<``, the headings can only be Markdown's, and a scan for the line end before each (one
    fixed character) finds them about 8x faster than one that tries every place for a line's
    start."""
    if "<" in text:
        headings = (heading.group() for heading in _HEADINGS.finditer(text))
    else:
        headings = (heading.group()[1:] for heading in _MARKDOWN_HEADINGS.finditer("\n" + text))
    return any(topic_cue(heading) for heading in headings)


def _plain(lower: str) -> str:
    """``lower`` as a reader sees its words: without tags, comments, emphasis and code marks,
    backslashes and invisible characters (a line break tag is a space), with character
    references decoded and runs of spaces made one. Line ends stay, so blocks stay apart (where
    a removed tag held a line end, two blocks become one: the test only grows more lenient)."""
    if "&" in lower:
        import html  # with its entity table, only for text that may hold a reference

        text = html.unescape(lower)
    else:
        text = lower
    text = _BREAK.sub(" ", text) if "<br" in text else text
    # Without a tag only the marks go: deleting them character by character is about 10x faster.
    if "<" in text:
        text = _INVISIBLE.sub("", text)
        text = text if text.isascii() else text.translate(FOLD)
    else:
        text = text.translate(_DELETED)
    # Each substitution is skipped where it could only put back what it found: a run of spaces
    # that is one plain space, a line end with no space beside it (most pages).
    if "  " in text or _odd_space(text):
        text = _SPACES.sub(" ", text)
    if " \n" in text or "\n " in text:
        text = _LINE_END_SPACE.sub("\n", text)
    return text


def _marked(lower: str) -> bool:
    """``_MARKED.search(lower)``, in text of ASCII characters as one character scan and plain
    substring tests (about 5x faster)."""
    if not lower.isascii():
        return _MARKED.search(lower) is not None
    return (
        _ASCII_MARKED.search(lower) is not None
        or "  " in lower
        or " \n" in lower
        or "\n " in lower
        or _odd_space(lower)
    )


def _odd_space(text: str) -> bool:
    """Does ``text`` hold a space other than a plain space or a line end?"""
    if text.isascii():
        return any(space in text for space in _ASCII_ODD_SPACES)
    return _ODD_SPACE.search(text) is not None


def page_names_kv(source: Text, *, lowered: bool = False, part: int = PART) -> bool:
    """Does a page name KV caching, prefix or prompt caching, recompute or a KV product
    anywhere (one scan of it in lower case, and one more without markup when that finds
    none)? ``lowered``: ``source`` is in lower case already (the caller's one pass over the
    page, shared by every scan of it): a case-sensitive scan of lower-case text is several
    times faster than a case-insensitive one, as for ``candidate`` and ``cue``. A page of more
    than 16 times ``part`` characters is read a span at a time (``_spans``: no KV word
    spans a blank line, which holds two spaces in a row)."""
    return _page_names(source, _kv_named, _kv_named_plain, lowered=lowered, part=part)


def page_names_cause(source: Text, *, lowered: bool = False, part: int = PART) -> bool:
    """Does a page name anything that may make a figure a KV-cache claim, anywhere: KV-cache,
    prefix-, prompt- or context-caching words, recompute, a KV product, prefix-aware routing,
    TTFT or prefill, or a word that may name a cache reused (cache, prompt, context, prefix,
    offload, reuse, restore, multi-turn). A figure on a page that names none of them is no
    KV-cache claim (docs/extractor.md, "Pages that name no KV cache"), so such a page is
    passed over unparsed. Read as ``page_names_kv`` reads: each part of a long page, the page
    without markup, in English terms."""
    return _page_names(source, _cause_named, _cause_named, lowered=lowered, part=part)


def _page_names(
    source: Text,
    named: Callable[[str], bool],
    named_plain: Callable[[str], bool],
    *,
    lowered: bool,
    part: int,
) -> bool:
    """Whether ``named`` finds its words in the page in lower case, or ``named_plain`` in the
    page without markup (``_plain``) when the page has marks, a span at a time for a page of
    more than 16 times ``part`` characters."""
    if len(source) > _PARTS * part and len(spans := _spans(source, part)) > 1:
        # Each reading of the page a part at a time, none held whole.
        lowers = (lower for _, lower in _span_texts(source, spans, lowered=lowered))
        if any(map(named, lowers)):
            return True
        lowers = (lower for _, lower in _span_texts(source, spans, lowered=lowered))
        plains = (unmarked for _, unmarked in _plains(source, spans, lowered=lowered))
        return any(map(_marked, lowers)) and any(map(named_plain, plains))
    source = str(source)  # a page in pieces without a place to cut: read whole
    lower = source if lowered else source.lower()
    if named(lower):
        return True
    return _MARKED.search(lower) is not None and named_plain(_plain(lower))


def _kv_named(lower: str) -> bool:
    """KV words in lower-case text, or in a page in another language read through the
    glossary ("前缀缓存", "プロンプトキャッシュ", "префиксное кэширование")."""
    return _kv_anywhere().search(lower) is not None or _kv_glossed(lower)


def _kv_named_plain(plain: str) -> bool:
    """KV words in a page without its markup (``_plain``), not read through the glossary."""
    return _kv_anywhere().search(plain) is not None


def _kv_glossed(lower: str) -> bool:
    """Whether a page in another language names KV caching in its own words ("前缀缓存",
    "プロンプトキャッシュ", "префиксное кэширование"), read through the glossary."""
    return foreign(lower) and _kv_anywhere().search(_english(lower).lower()) is not None


@cache
def _kv_anywhere() -> re.Pattern[str]:
    return re.compile(factored(f"{source('cue_kv')}|{source('kv_product')}"))


_CAUSE_ROWS = ("cue_kv", "kv_product", "cue_strong", "cue_routing", "cue_weak", "metric_ttft")
"""Every row whose words give a figure a KV-cache cue (``evidence._cues``: in its text, its
table's header or its page's title and headings); a storage tier alone names a store, no
cache reused."""


@cache
def _cause_anywhere() -> re.Pattern[str]:
    return re.compile(factored("|".join(source(row) for row in _CAUSE_ROWS)))


def _cause_named(lower: str) -> bool:
    """Cause words in lower-case text, or in a page in another language read through the
    glossary ("前缀缓存" is prefix caching)."""
    found = _cause_anywhere().search
    return found(lower) is not None or (
        foreign(lower) and found(_english(lower).lower()) is not None
    )


def topic_cue(text: str) -> bool:
    """Does ``text`` (a page title or heading) say the page is about KV or prefix caching or
    prefix-aware routing, or name a known KV product? A heading in another language is read
    through the glossary ("前缀缓存" is prefix caching)."""
    if not text:
        return False
    text = in_english(text)
    return any(pattern(row).search(text) is not None for row in TOPIC_CUES)


_BLOCKS = re.compile(r"\n[ \t]*\r?\n")
_BLANK_REST = re.compile(r"[ \t]*\r?\n")
"""A blank line after its first line break: ``_BLOCKS`` but its first character."""
# What may hide inside a number or a word on a page: a tag or comment, an emphasis or code
# mark, a backslash, a character reference, an invisible character, a doubled space.
# A look-alike of a digit or the sign (claimcheck.extract.lookalike) is marked too.
_MARKED = re.compile(rf"[<&*_`~\\{IGNORABLE}{FOLDED}]|[^\S\n]{{2}}|[^\S \n]| \n|\n ")
# The marks and invisible characters one by one, the look-alikes folded, and what of _MARKED
# is ASCII.
_DELETED: dict[int, str | None] = {
    **dict.fromkeys(map(ord, "*_`~\\")),
    **dict.fromkeys(ignorable_codes()),
    **FOLD,
}
_ASCII_MARKED = re.compile(r"[<&*_`~\\]")
# What the plain reading of an ASCII page without tags or references changes, besides runs of
# spaces and spaces beside a line end: marks and spaces other than a plain one or a line end.
_ASCII_CHANGED = bytes(
    ord("c") if chr(code) in "*_`~\\\t\x0b\x0c\r\x1c\x1d\x1e\x1f" else ord(".")
    for code in range(256)
)
_A_CHANGE = re.compile("c")
# A candidate spans at most 21 characters with the one it looks at on each side (a digit, a
# space and "tokens per second"): text this far from every change reads as it did.
_NEAR = 40
_MAX_PLACES = 64
_ASCII_ODD_SPACES = tuple(c for c in map(chr, range(128)) if c.isspace() and c not in " \n")
_BREAK = re.compile(r"<br\b[^<>]{0,300}>")
_INVISIBLE = re.compile(rf"<[^<>]{{0,300}}>|[*_`~\\{IGNORABLE}]+")
_SPACES = re.compile(r"[^\S\n]+")
_ODD_SPACE = re.compile(r"[^\S\n ]")  # a space other than a plain one or a line end
_LINE_END_SPACE = re.compile(r" ?\n ?")
# Markdown ATX and setext headings, HTML titles and headings: where a page states its topic.
_ATX = r"[ ]{0,3}#{1,6}[ \t][^\n]*"
_SETEXT = r"[^\n]+\n[ ]{0,3}(?:=+|-+)[ \t]*"
_HEADINGS = re.compile(
    rf"^{_ATX}|^{_SETEXT}$|<(?:title|h[1-6])\b[^>]{{0,200}}>[^<]{{0,300}}",
    re.IGNORECASE | re.MULTILINE,
)
# The Markdown forms alone, each from the line end before it (the text is read with one put
# before its first line).
_MARKDOWN_HEADINGS = re.compile(rf"\n(?:{_ATX}|{_SETEXT}(?=\n|\Z))")
