"""Claims kept as their JSON entries: written in, read back and rebuilt as the objects give them."""

from __future__ import annotations

from bisect import bisect_left

from hypothesis import given, settings
from hypothesis import strategies as st

from claimcheck.record import Position
from claimcheck.report import ClaimReport, Finding
from claimcheck.severity import Severity
from claimcheck.spool import Entry, Spool, SpooledClaims, entry_of, finding_texts, patched, written
from tests.formats.sample import claim

# A rule that compares claims has no finding on a claim alone (``Judge``): the codes it adds
# are never among a claim's own, though they sort among them.
OWN = ("KV101", "KV201", "KV302", "KV304")
COMPARED = ("KV303", "KV310")


def _finding(code: str, line: int, column: int, message: str = "m") -> Finding:
    return Finding(
        code=code,
        name=f"name-{code.lower()}",
        severity=Severity.INFO if code == "KV303" else Severity.WARNING,
        message=message,
        path="claims/a.yaml",
        line=line,
        column=column,
        fingerprint=f"{code}{line}{column}",
    )


def _place(f: Finding) -> tuple[int, int, str]:
    return (f.line or 0, f.column or 0, f.code)


def _places(codes: tuple[str, ...]) -> st.SearchStrategy[tuple[str, int, int]]:
    return st.tuples(st.sampled_from(codes), st.integers(1, 6), st.integers(1, 4))


# A claim's own findings (sorted, as the judge places them) and those a comparison adds.
findings = st.tuples(st.lists(_places(OWN), max_size=6), st.lists(_places(COMPARED), max_size=3))


@settings(max_examples=300, deadline=None)
@given(findings, st.text(max_size=12))
def test_findings_written_into_an_entry_give_the_entry_written_with_them(
    drawn: tuple[list[tuple[str, int, int]], list[tuple[str, int, int]]], message: str
) -> None:
    own_places, added_places = drawn
    own = sorted((_finding(*p, message) for p in own_places), key=_place)
    added = sorted((_finding(*p) for p in added_places), key=_place)
    wanted = written(claim("c", sorted(own + added, key=_place)))
    # Each added finding as a rule that compares claims would point at it.
    where = [Position(f.line or 0, f.column or 0) for f in added]
    text, entry = entry_of(
        claim("c", own), [None] * len(added), where, [f.code for f in added], 0.5
    )
    assert entry.findings == len(own)
    assert entry.slots == tuple(bisect_left([_place(f) for f in own], _place(f)) for f in added)
    texts = finding_texts(added)
    got = patched(text, len(own), list(zip(entry.slots, entry.cuts, texts, strict=True)))
    assert got == wanted


def test_an_entry_counts_its_findings_by_severity_and_folds_its_text() -> None:
    own = [_finding("KV101", 2, 1), _finding("KV201", 3, 1), _finding("KV303", 4, 1)]
    report = claim("c", own).model_copy(update={"text": "  27X Faster\n TTFT ", "confidence": 0.4})
    _, entry = entry_of(report, [], [], [], 0.5)
    assert entry.counts == (0, 2, 1)  # error, warning, info
    assert entry.normal == "27x faster ttft"
    assert entry.quiet  # read with a confidence below the threshold
    assert entry.key == ("docs/page.md", 3, 1, "c")


def _spooled(count: int) -> tuple[list[ClaimReport], Spool, list[Entry]]:
    spool = Spool()
    reports = [
        claim(f"c{n}", [_finding("KV101", n % 5 + 1, 1, "x" * (n * 37 % 900))])
        for n in range(count)
    ]
    # One rule compares claims; its finding would point at line 1.
    entries = [spool.add(*entry_of(r, [None], [Position(1, 1)], ["KV303"], 0.5)) for r in reports]
    return reports, spool, entries


def test_entries_are_read_back_whole_in_any_order_past_the_read_block() -> None:
    reports, spool, entries = _spooled(300)
    spool.BLOCK_BYTES = 2_000  # several entries a block, not all of them
    shuffled = entries[::7] + entries[::-3] + entries
    for entry in shuffled:
        assert spool.read(entry) == written(reports[int(entry.id[1:])])


def test_spooled_claims_rebuild_the_reports_and_write_the_entries_the_reports_give() -> None:
    reports, spool, entries = _spooled(40)
    entries[3].added.append((0, _finding("KV303", 1, 1)))
    held = claim("held", [_finding("KV201", 2, 2)])
    items: list[ClaimReport | Entry] = [*entries[:10], held, *entries[10:]]
    spooled = SpooledClaims(items, spool)
    expected = [*reports[:10], held, *reports[10:]]
    expected[3] = expected[3].model_copy(
        update={"findings": sorted([*expected[3].findings, _finding("KV303", 1, 1)], key=_place)}
    )
    assert len(spooled) == 41
    assert list(spooled) == expected
    assert spooled[3] == expected[3] and spooled[10] is held
    assert list(spooled[9:12]) == expected[9:12]
    pieces = list(spooled.json_entries(group=16))
    assert len(pieces) == 3  # 41 claims, 16 at a time
    whole = written(expected[0])[: -len(b"\n    }")]  # the first entry opens the first piece
    assert pieces[0].startswith(whole)
    assert b",\n".join(pieces) == b",\n".join(written(r) for r in expected)
