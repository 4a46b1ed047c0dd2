"""claimcheck's own reports are recognised in every format, and ordinary pages are not."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from claimcheck.formats import OutputFormat, RenderOptions, render
from claimcheck.severity import Severity
from claimcheck.sources.reports import PEEK, is_report, is_report_file
from tests.formats.sample import claim, finding, report

SAMPLE = report(
    [claim("a", [finding("KV101", Severity.WARNING, 3, 1), finding("KV201", Severity.INFO, 4, 1)])]
)


@pytest.mark.parametrize("fmt", list(OutputFormat))
@pytest.mark.parametrize("width", [60, 100, 200])
def test_every_format_is_recognised(fmt: OutputFormat, width: int) -> None:
    text = render(SAMPLE, fmt, RenderOptions(width=width))
    assert is_report(text[:PEEK], text[-PEEK:]), text[:300]


def test_an_empty_report_is_recognised() -> None:
    for fmt in (OutputFormat.TEXT, OutputFormat.CONCISE, OutputFormat.JSON, OutputFormat.MARKDOWN):
        text = render(report([]), fmt)
        assert is_report(text[:PEEK], text[-PEEK:]), fmt


@pytest.mark.parametrize(
    "text",
    [
        "# Results\n\n27x faster TTFT with KV cache offload.\n",
        "We found 3 claims in 2 files: 0 errors, 1 warning, 0 info. More below.\n",
        '{"speedup": 27, "tool": {"name": "claimcheck"}}',
        "[]",
        "::warning file=a.md::hand-written, no claimcheck title\n",
        "speedup: 27\ncontext_tokens: 112000\n",
    ],
)
def test_ordinary_texts_are_not_reports(text: str) -> None:
    assert not is_report(text[:PEEK], text[-PEEK:])


def test_a_file_is_read_at_both_ends(tmp_path: Path) -> None:
    concise = render(SAMPLE, OutputFormat.CONCISE)
    path = tmp_path / "r.txt"
    path.write_text("x" * 3 * PEEK + "\n" + concise, encoding="utf-8")
    assert is_report_file(path)
    assert not is_report_file(tmp_path / "missing.txt")


@pytest.mark.parametrize("fmt", [OutputFormat.TEXT, OutputFormat.CONCISE])
def test_a_one_liners_report_is_recognised(fmt: OutputFormat) -> None:
    # A one-liner reads no file: its summary line names no file count.
    one_liner = msgspec.structs.replace(
        SAMPLE, summary=msgspec.structs.replace(SAMPLE.summary, files=0)
    )
    text = render(one_liner, fmt)
    assert text.rstrip().endswith("1 claim: 0 errors, 1 warning, 1 info")
    assert is_report(text[:PEEK], text[-PEEK:])
