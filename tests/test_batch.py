"""A batch whose claims the JSON format keeps encoded as they are judged gives the report the
claims' reports held in a list give, byte for byte, here and in workers."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from claimcheck.audit import Claims, Inputs, audit
from claimcheck.batch import FileWork, SettingsGroup
from claimcheck.formats import OutputFormat, claim_store, render
from claimcheck.formats.json_format import ClaimEntries, EncodedClaims
from claimcheck.implied import Analysis
from claimcheck.report import ClaimReport, EncodedReports, HeldClaims, Records, Report, SourceRef
from claimcheck.settings import Settings, Thresholds
from tests.sources.test_parallel import _folder

TWO_CLAIMS = """\
- text: Up to 20x faster prefill at 8K tokens with the KV tier
  speedup: 20
  context_tokens: 8000
- text: Up to 20x faster prefill at 8K tokens with the KV tier
  speedup: 20
  context_tokens: 8000
"""
SUPPRESSED = """\
# claimcheck: disable KV303 -- compared on purpose
text: 20x faster TTFT at 16K tokens with KV offload
speedup: 20
context_tokens: 16000
# claimcheck: disable KV999 -- no such rule
"""


def _batch(root: Path) -> Path:
    """Claim files, pages, invalid files, a file of two identical claims (their fingerprints
    are numbered), a file whose comments suppress the comparison and name no rule, and files
    the configuration exempts from the comparison."""
    folder = _folder(root, 230)
    (folder / "twice.yaml").write_text(TWO_CLAIMS, encoding="utf-8")
    (folder / "quiet.yaml").write_text(SUPPRESSED, encoding="utf-8")
    exempt = folder / "exempt"
    exempt.mkdir()
    for number in range(3):
        (exempt / f"e{number}.json").write_text(
            '{"speedup": 20, "context_tokens": 4000, "text": "20x faster TTFT"}', encoding="utf-8"
        )
    return folder


def _report(folder: Path, jobs: int, *, spool: bool, settings: Settings | None = None) -> Report:
    inputs = Inputs(arguments=[str(folder), "Loading the KV cache is 20x faster TTFT"], jobs=jobs)
    store = None
    if spool:
        store = ClaimEntries()
        store.records.BLOCK_BYTES = 1 << 14  # several blocks in the temporary file
    return audit(inputs, settings, read_stdin=lambda: "", store=store)


@pytest.mark.parametrize("jobs", [1, 2])
def test_entries_give_the_report_the_claims_objects_give(tmp_path: Path, jobs: int) -> None:
    folder = _batch(tmp_path)
    exempt = f"{folder.name}/exempt/*"
    # Claims read from prose are sure to less than 0.95: their findings are information.
    settings = Settings(
        per_file_ignores={exempt: ("KV303",)},
        base=folder.parent,
        thresholds=Thresholds(low_confidence=0.95),
    )
    whole = _report(folder, 1, spool=False, settings=settings)
    spooled = _report(folder, jobs, spool=True, settings=settings)
    assert isinstance(spooled.claims, EncodedClaims) and isinstance(whole.claims, list)
    text = render(whole, OutputFormat.JSON)
    assert render(spooled, OutputFormat.JSON) == text
    assert spooled.summary == whole.summary
    # What the batch holds, so that each path of the entries is walked.
    assert '"suppressed": true' in text and "KV900" in text  # the commented file, judged whole
    fingerprints = [f.fingerprint for c in whole.claims for f in c.findings]
    assert len(fingerprints) == len(set(fingerprints))  # the file of two claims numbered its own
    kv303 = {c.source.path for c in whole.claims for f in c.findings if f.code == "KV303"}
    assert not any("/exempt/" in (path or "") for path in kv303) and len(kv303) > 100
    quiet = {c.source.path for c in whole.claims for f in c.findings if f.code == "KV101"
             and f.severity == "info"}  # fmt: skip
    assert quiet and all(path.endswith(".md") for path in quiet if path)


@pytest.mark.parametrize("jobs", [1, 2])
def test_claims_kept_as_messagepack_give_the_sarif_log_held_claims_give(
    tmp_path: Path, jobs: int
) -> None:
    folder = _batch(tmp_path)
    inputs = Inputs(arguments=[str(folder), "Loading the KV cache is 20x faster TTFT"], jobs=jobs)
    held = audit(inputs, read_stdin=lambda: "")
    encoded = audit(inputs, read_stdin=lambda: "", store=claim_store(OutputFormat.SARIF))
    assert not isinstance(encoded.claims, list) and list(encoded.claims) == held.claims
    assert render(encoded, OutputFormat.SARIF) == render(held, OutputFormat.SARIF)


def test_entries_are_read_back_as_the_claims_reports(tmp_path: Path) -> None:
    folder = _batch(tmp_path)
    whole = _report(folder, 1, spool=False)
    spooled = _report(folder, 1, spool=True)
    assert len(spooled.claims) == len(whole.claims)
    assert list(spooled.claims) == list(whole.claims)
    assert spooled.claims[3:5] == whole.claims[3:5]


def test_the_formats_written_as_they_go_keep_claims_encoded_and_only_html_keeps_spans(
    tmp_path: Path,
) -> None:
    assert isinstance(claim_store(OutputFormat.JSON), ClaimEntries)
    assert isinstance(claim_store(OutputFormat.SARIF), EncodedReports)
    inputs = Inputs(arguments=[str(_batch(tmp_path))])
    drawn = audit(inputs, charts=True, store=claim_store(OutputFormat.HTML))
    assert isinstance(drawn.claims, list) and any(claim.spans for claim in drawn.claims)
    assert not any(claim.spans for claim in audit(inputs).claims)  # UNSET: not in JSON


def test_the_work_travels_to_a_worker_started_afresh() -> None:
    # Where workers are not forked (macOS, Windows), the work is pickled to them; standard
    # input is never read there.
    work = FileWork([SettingsGroup(Settings(per_file_ignores={"a/*": ("KV303",)}))], 100, str)
    again = pickle.loads(pickle.dumps(work))
    assert again.groups[0].skip.codes("a/b.yaml") == ("KV303",)
    with pytest.raises(AssertionError, match="never reads standard input"):
        again.read_stdin()


def test_records_past_a_block_wait_in_a_file_and_read_back_as_given() -> None:
    records = Records()
    records.BLOCK_BYTES = 1000
    given = [bytes([n % 251]) * (n % 37) for n in range(500)]
    for data in given:
        records.append(data)
    # Less than a block is held in memory; the rest is in the file.
    assert records.held_bytes() < records.BLOCK_BYTES < sum(len(data) for data in given)
    assert list(records) == given and records[7] == given[7] and records[3:5] == given[3:5]
    assert list(records.run(100, 400)) == given[100:400]
    assert [records.size(n) for n in range(len(given))] == [len(data) for data in given]


def _claim_at(path: str, line: int) -> ClaimReport:
    return ClaimReport(id=f"c{line}", source=SourceRef(path=path, line=line, column=1),
                       text=None, claim={}, analysis=Analysis(), findings=[])  # fmt: skip


def test_claims_that_come_out_of_order_are_read_in_the_reports_order() -> None:
    # Two folders named in reverse and claims held to the end come as stretches in order;
    # the report's order merges them from their encoded places, claims of one place as they
    # came. Claims in order from the start keep no order of their own.
    came = [("b.yaml", 1), ("b.yaml", 5), ("c.yaml", 1), ("a.yaml", 2), ("a.yaml", 2),
            ("b.yaml", 3), ("a.yaml", 1)]  # fmt: skip
    claims = Claims(HeldClaims())
    claims.keys.BLOCK_BYTES = 16
    for number, (path, line) in enumerate(came):
        claims.add(0, number, _claim_at(path, line))
    expected = sorted(range(len(came)), key=lambda n: (*came[n], n))
    assert list(claims.order()) == expected
    ordered = Claims(HeldClaims())
    for path, line in sorted(came):
        ordered.add(0, None, _claim_at(path, line))
    assert ordered.order() == range(len(came))
