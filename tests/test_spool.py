"""Claims kept as their JSON entries: written in, read back and rebuilt as the objects give them."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from claimcheck.record import Position
from claimcheck.report import ClaimReport, Finding
from claimcheck.severity import Severity
from claimcheck.spool import BLANK, Entry, Spool, SpooledClaims, entry_of, written
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


def _spooled_text(report: ClaimReport, added: list[Finding]) -> bytes:
    """``report``'s entry with ``added`` written in as comparisons add them: each as a blank
    finding of its own rule, filled in when the entry is read back."""
    spool = Spool()
    where = [Position(f.line or 0, f.column or 0) for f in added]
    blanks = [f.model_copy(update={"message": BLANK}) for f in added]
    text, entry = entry_of(report, [None] * len(added), where, blanks)
    entry.added = tuple((n, f.message, f.fingerprint) for n, f in enumerate(added))
    return spool.read(spool.add(text, entry))


@settings(max_examples=300, deadline=None)
@given(findings, st.text(max_size=12))
def test_findings_written_into_an_entry_give_the_entry_written_with_them(
    drawn: tuple[list[tuple[str, int, int]], list[tuple[str, int, int]]], message: str
) -> None:
    own_places, added_places = drawn
    own = sorted((_finding(*p, message) for p in own_places), key=_place)
    added = sorted((_finding(*p, f"{message} {n}") for n, p in enumerate(added_places)), key=_place)
    wanted = written(claim("c", sorted(own + added, key=_place)))
    assert _spooled_text(claim("c", own), added) == wanted


def test_a_finding_written_in_keeps_its_fingerprint_of_an_occurrence() -> None:
    again = _finding("KV303", 2, 1).model_copy(update={"fingerprint": "f" * 32})
    text = _spooled_text(claim("c", []), [again])
    assert text == written(claim("c", [again]))  # the blank's fingerprint was another


def test_an_entry_counts_its_findings_by_severity_and_places_the_comparisons() -> None:
    own = [_finding("KV101", 2, 1), _finding("KV201", 3, 1), _finding("KV302", 5, 1)]
    blank = _finding("KV303", 4, 1, BLANK)
    _, entry = entry_of(claim("c", own), [(20.0, None, "c")], [Position(4, 1)], [blank])
    assert entry.counts == (0, 3, 0)  # error, warning, info
    assert entry.slots == (2,)  # after the findings at lines 2 and 3
    assert (entry.codes, entry.severities, entry.fingerprints) == (
        ("KV303",),
        ("info",),
        (blank.fingerprint,),
    )
    assert entry.key == ("docs/page.md", 3, 1, "c")


def _spooled(count: int) -> tuple[list[ClaimReport], Spool, list[Entry]]:
    spool = Spool()
    reports = [
        claim(f"c{n}", [_finding("KV101", n % 5 + 1, 1, "x" * (n * 37 % 900))])
        for n in range(count)
    ]
    # One rule compares claims; its finding would point at line 1.
    blank = _finding("KV303", 1, 1, BLANK)
    entries = [spool.add(*entry_of(r, [None], [Position(1, 1)], [blank])) for r in reports]
    return reports, spool, entries


def test_entries_are_read_back_whole_in_any_order_past_the_read_block() -> None:
    reports, spool, entries = _spooled(300)
    spool.BLOCK_BYTES = 2_000  # several entries a block, not all of them
    shuffled = entries[::7] + entries[::-3] + entries
    for entry in shuffled:
        assert spool.read(entry) == written(reports[int(entry.id[1:])])


def test_spooled_claims_rebuild_the_reports_and_write_the_entries_the_reports_give() -> None:
    reports, spool, entries = _spooled(40)
    compared = _finding("KV303", 1, 1)
    entries[3].added = ((0, compared.message, compared.fingerprint),)
    held = claim("held", [_finding("KV201", 2, 2)])
    items: list[ClaimReport | Entry] = [*entries[:10], held, *entries[10:]]
    spooled = SpooledClaims(items, spool)
    expected = [*reports[:10], held, *reports[10:]]
    expected[3] = expected[3].model_copy(
        update={"findings": sorted([*expected[3].findings, compared], key=_place)}
    )
    assert len(spooled) == 41
    assert list(spooled) == expected
    assert spooled[3] == expected[3] and spooled[10] is held
    assert list(spooled[9:12]) == expected[9:12]
    pieces = list(spooled.json_entries(group=16))
    assert len(pieces) == 3  # 41 claims, 16 at a time
    assert b",\n".join(pieces) == b",\n".join(written(r) for r in expected)
