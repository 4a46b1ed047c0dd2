"""primaryLocationLineHash as GitHub's upload action computes it: the expected values are those
of the action's own tests (https://github.com/github/codeql-action/blob/main/src/fingerprints.test.ts)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimcheck.formats import line_hash
from claimcheck.formats.line_hash import line_hashes

TAIL = "c129715d7a2bc9a3:1"  # the empty line after a final line end, or an empty file
HELLO = [
    "e9496ae3ebfced30:1",
    "fb7c023a8b9ccb3f:1",
    "ce8ba1a563dcdaca:1",
    "e20e36e16fcb0cc8:1",
    "b3edc88f2938467e:1",
    "c8e28b0b4002a3a0:1",
    TAIL,
]


def test_an_empty_file_has_one_line() -> None:
    assert line_hashes("") == {1: TAIL}


def test_spaces_and_tabs_do_not_count() -> None:
    assert list(line_hashes(" a\nb\n  \t\tc\n d").values()) == [
        "271789c17abda88f:1",
        "54703d4cd895b18:1",
        "180aee12dab6264:1",
        "a23a3dc5e078b07b:1",
    ]


@pytest.mark.parametrize(
    "text",
    [
        " hello; \t\nworld!!!\n\n\n  \t\tGreetings\n End\n",
        " hello; \t\nworld!!!\r\r\r  \t\tGreetings\r End\r",
        " hello; \t\r\nworld!!!\r\n\r\n\r\n  \t\tGreetings\r\n End\r\n",
        " hello; \t\nworld!!!\r\n\n\r  \t\tGreetings\r End\r\n",
    ],
)
def test_every_line_end_reads_the_same(text: str) -> None:
    hashes = line_hashes(text)
    assert list(hashes) == list(range(1, 8))
    assert list(hashes.values()) == HELLO


def test_the_last_line_without_an_end_differs() -> None:
    text = " hello; \t\nworld!!!\n\n\n  \t\tGreetings\n End"
    assert list(line_hashes(text).values()) == [
        "8b7cf3e952e7aeb2:1",
        "b1ae1287ec4718d9:1",
        "bff680108adb0fcc:1",
        "c6805c5e1288b612:1",
        "b86d3392aea1be30:1",
        "e6ceba753e1a442:1",
    ]


def test_repeated_lines_are_counted_apart() -> None:
    hashes = list(line_hashes("Lorem ipsum dolor sit amet.\n" * 10).values())
    assert hashes[:6] == [f"a7f2ff13bc495cf2:{n}" for n in range(1, 7)]
    assert hashes[6:] == [
        "a7f2ff1481e87703:1",
        "a9cf91f7bbf1862b:1",
        "55ec222b86bcae53:1",
        "cc97dc7b1d7d8f7b:1",
        TAIL,
    ]


def test_a_character_beyond_the_basic_plane_counts_as_two_utf16_units() -> None:
    # One line: the units D83D DE00 of U+1F600, the end marker, then zeros, as base-37 digits.
    units = [0xD83D, 0xDE00, 0xFFFF] + [0] * 97
    expected = sum(unit * 37 ** (99 - i) for i, unit in enumerate(units)) % 2**64
    assert line_hashes("\U0001f600") == {1: f"{expected:x}:1"}


def reference_line_hashes(text: str) -> dict[int, str]:
    """The upload action's algorithm as it reads: the UTF-16 units, spaces and tabs and a line
    feed after a carriage return left out, a carriage return read as a line feed; then each
    line's hash straight from its definition (base 37, modulo 2**64, of the 100 units from the
    line's start, the text followed by 65535 and zeros)."""
    encoded = text.encode("utf-16-le", "surrogatepass")
    units: list[int] = []
    after_cr = False
    for at in range(0, len(encoded), 2):
        unit = encoded[at] | encoded[at + 1] << 8
        if unit in (0x20, 0x09) or (after_cr and unit == 0x0A):
            after_cr = False
            continue
        after_cr = unit == 0x0D
        units.append(0x0A if unit == 0x0D else unit)
    units.append(0xFFFF)
    starts = [0] + [at + 1 for at, unit in enumerate(units) if unit == 0x0A]
    padded = units + [0] * 100
    seen: dict[str, int] = {}
    hashes: dict[int, str] = {}
    for line, start in enumerate(starts, 1):
        value = sum(unit * 37 ** (99 - i) for i, unit in enumerate(padded[start : start + 100]))
        key = format(value % 2**64, "x")
        seen[key] = seen.get(key, 0) + 1
        hashes[line] = f"{key}:{seen[key]}"
    return hashes


_PIECES = st.sampled_from([" ", "\t", "\r", "\n", "\r\n", "a", "Z", "é", "\u0a41", "\u0100",
                           "\uffff", "\U0001f600", "\ud800", "x" * 99, "y" * 150])  # fmt: skip


@given(st.lists(st.one_of(_PIECES, st.text(max_size=20)), max_size=60))
def test_the_hashes_are_those_of_the_reference(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert line_hashes(text) == reference_line_hashes(text)


def test_a_long_text_is_hashed_across_its_parts() -> None:
    # More units than one product takes (65,536), lines crossing the boundary.
    text = "".join(f"line {n} of a long page\n{' ' * (n % 7)}" for n in range(6_000))
    assert line_hashes(text) == reference_line_hashes(text)


@given(
    st.lists(st.one_of(_PIECES, st.text(max_size=20)), max_size=60),
    st.lists(st.integers(0, 200), max_size=6),
    st.lists(st.integers(-3, 70), max_size=8),
)
def test_a_text_in_parts_and_the_lines_asked_for_hash_as_the_whole(
    pieces: list[str], cuts: list[int], lines: list[int]
) -> None:
    text = "".join(pieces)
    edges = sorted({0, len(text), *(cut % (len(text) + 1) for cut in cuts)})
    parts = [text[lo:hi] for lo, hi in pairwise(edges)]
    expected = reference_line_hashes(text)
    assert line_hashes(iter(parts)) == expected
    asked = {line: expected[line] for line in lines if line in expected}
    assert line_hashes(iter(parts), lines) == asked
    assert line_hashes(text, lines) == asked


def test_a_line_hash_counts_the_lines_before_it_that_were_not_asked_for() -> None:
    text = "Lorem ipsum dolor sit amet.\n" * 10
    assert line_hashes(text, [4]) == {4: "a7f2ff13bc495cf2:4"}
    # A "\r\n" cut between two parts is one line end.
    whole = line_hashes(text[:30] + "\r\n" + text[30:])
    asked = line_hashes([text[:30], "\r", "\n" + text[30:]], [1, 2, 99])
    assert asked == {1: whole[1], 2: whole[2]}


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.one_of(_PIECES, st.text(max_size=20)), max_size=60),
    st.integers(1, 130),
    st.lists(st.integers(0, 200), max_size=6),
    st.lists(st.integers(-3, 70), max_size=8),
)
def test_a_text_read_a_few_units_at_a_time_hashes_as_the_whole(
    pieces: list[str], chunk: int, cuts: list[int], lines: list[int]
) -> None:
    """Windows hashed a few at a time, the units let go behind them, as those of one product."""
    text = "".join(pieces)
    edges = sorted({0, len(text), *(cut % (len(text) + 1) for cut in cuts)})
    parts = [text[lo:hi] for lo, hi in pairwise(edges)]
    expected = reference_line_hashes(text)
    with mock.patch.object(line_hash, "_CHUNK", chunk):
        assert line_hashes(iter(parts)) == expected
        asked = {line: expected[line] for line in lines if line in expected}
        assert line_hashes(iter(parts), lines) == asked


def test_no_more_of_the_text_is_read_than_the_last_line_asked_for_needs() -> None:
    read: list[int] = []

    def parts() -> Iterator[str]:
        for n in range(1_000):
            read.append(n)
            yield f"line {n}\n" * 1_000

    assert set(line_hashes(parts(), [3, 2_500])) == {3, 2_500}
    assert len(read) < 1_000 // 2
