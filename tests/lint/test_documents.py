"""The docs lint end to end: exactly the real claims of a page, at their exact positions."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimcheck.sources.reading import display_path
from tests.conftest import Invoke

PAGE = """---
title: "Our 99x faster TTFT launch"
---

# Halcyon delivers 27× faster TTFT 🚀 at 128K tokens

Loading the KV cache from NVMe gives 12x faster time to first token on Llama 3.1 70B.

<!-- 50x faster TTFT with KV cache offload (a comment) -->

```text
40x faster TTFT with KV cache offload (in a fenced block)
```

    30x faster TTFT with KV cache offload (an indented code block)

Run `claimcheck --text "30x faster TTFT"` to try it; inline code is not prose.

| Model | Context | TTFT speedup |
|---|---|---|
| Llama 3.1 8B | 32K | 6.5x |

- Up to 20x faster prefill with the KV tier at 64K tokens.
"""


def _column(source: str, line: int, needle: str) -> tuple[int, int]:
    """1-based line and column (code points) of ``needle`` on ``line``, computed from the text."""
    return line, source.splitlines()[line - 1].index(needle) + 1


def _line(source: str, text: str) -> int:
    """The 1-based line holding ``text``."""
    return next(i for i, line in enumerate(source.splitlines(), start=1) if text in line)


@pytest.fixture
def page(tmp_path: Path) -> Path:
    path = tmp_path / "page.md"
    path.write_text(PAGE, encoding="utf-8")
    return path


def _findings(cli: Invoke, path: Path, *extra: str) -> list[dict[str, object]]:
    report = cli("check", str(path), "-f", "json", *extra).json()
    found: list[dict[str, object]] = [f for claim in report["claims"] for f in claim["findings"]]
    found += report["findings"]
    return found


def test_exactly_the_real_claims(cli: Invoke, page: Path) -> None:
    report = cli("check", str(page), "-f", "json").json()
    speedups = sorted(c["claim"]["speedup"] for c in report["claims"])
    assert speedups == [6.5, 12, 20, 27]  # heading, paragraph, table row, list item; no 99/50/40/30


def test_positions_are_exact(cli: Invoke, page: Path) -> None:
    at = {(f["code"], f["line"]): (f["line"], f["column"]) for f in _findings(cli, page)}
    # KV101 points at the metric, KV103 at the context, KV302 at "Up to".
    assert at[("KV101", 5)] == _column(PAGE, 5, "TTFT")  # after "×" and before the emoji
    assert at[("KV103", 5)] == _column(PAGE, 5, "128K")  # after the emoji
    assert at[("KV101", 7)] == _column(PAGE, 7, "time to first token")
    item, row = _line(PAGE, "- Up to 20x"), _line(PAGE, "| 6.5x |")
    assert at[("KV302", item)] == _column(PAGE, item, "Up to")
    assert at[("KV103", item)] == _column(PAGE, item, "64K")
    # The table row's metric comes from the header; its findings sit on the row.
    assert at[("KV101", row)] == _column(PAGE, row, "6.5x")


def test_crlf_file_gives_the_same_positions(cli: Invoke, page: Path, tmp_path: Path) -> None:
    twin = tmp_path / "crlf.md"
    twin.write_bytes(PAGE.replace("\n", "\r\n").encode())

    def places(path: Path) -> list[tuple[object, ...]]:
        return sorted((f["code"], f["line"], f["column"]) for f in _findings(cli, path))

    assert places(twin) == places(page)


def test_html_page(cli: Invoke, tmp_path: Path) -> None:
    html = (
        "<html><head><script>var x = '40x faster TTFT with KV cache';</script></head><body>\n"
        "<h1>27&times; faster TTFT at 128K tokens</h1>\n"
        "<pre>12x faster TTFT with KV cache</pre>\n"
        "<p>Loading KV from NVMe gives <b>9x</b> faster time to first token.</p>\n"
        "</body></html>\n"
    )
    path = tmp_path / "page.html"
    path.write_text(html, encoding="utf-8")
    report = cli("check", str(path), "-f", "json").json()
    assert sorted(c["claim"]["speedup"] for c in report["claims"]) == [9, 27]
    kv103 = next(f for c in report["claims"] for f in c["findings"] if f["code"] == "KV103")
    assert (kv103["line"], kv103["column"]) == _column(html, 2, "128K")


def test_suppressions(cli: Invoke, tmp_path: Path) -> None:
    source = (
        "<!-- claimcheck: disable-next-line KV103 -- a long-context demo, labelled as such -->\n"
        "27x faster TTFT at 128K tokens with KV cache offload.\n"
        "\n"
        "<!-- claimcheck: disable-next-line KV202 -- nothing to suppress here -->\n"
        "9x faster TTFT at 8K tokens with KV cache offload.\n"
        "\n"
        "<!-- claimcheck: disabel KV101 -->\n"
    )
    path = tmp_path / "s.md"
    path.write_text(source, encoding="utf-8")
    run = cli("check", str(path), "-f", "json", "--fail-on", "warning")
    report = run.json()
    kv103 = next(f for c in report["claims"] for f in c["findings"] if f["code"] == "KV103")
    assert kv103["suppressed"] is True
    assert kv103["suppression_reason"] == "a long-context demo, labelled as such"
    unused = [f for f in report["findings"] if f["code"] == "KV900"]
    assert sorted((f["line"], f["column"]) for f in unused) == [(4, 1), (7, 1)]
    assert report["summary"]["suppressed"] == 1
    concise = cli("check", str(path), "-f", "concise").stdout
    assert " KV103 " not in concise
    prefix = f"{display_path(path)}:4:1: KV900 [warning]"
    assert any(line.startswith(prefix) for line in concise.splitlines()), concise


def test_suppressed_findings_never_fail_the_run(cli: Invoke, tmp_path: Path) -> None:
    source = (
        "<!-- claimcheck: disable-next-line KV202 -- reviewed with the vendor -->\n"
        "Loading a 100K-token KV cache in 2 s instead of recomputing it in 30 s: 40x faster TTFT.\n"
    )
    path = tmp_path / "x.md"
    path.write_text(source, encoding="utf-8")
    assert cli("check", str(path), "-f", "json").code == 0
    path.write_text(source.split("\n", 1)[1], encoding="utf-8")
    assert cli("check", str(path), "-f", "json").code == 1


def test_pages_without_claims_are_clean(cli: Invoke, tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text(
        "# Pricing\n\nPlans start at $2.50 per million tokens.\n", encoding="utf-8"
    )
    (tmp_path / "b.txt").write_text(
        "Version 2.1.3, released 2026-10-29. Call +1 555 0100.\n", encoding="utf-8"
    )
    run = cli("check", str(tmp_path), "-f", "json")
    assert run.code == 0
    assert run.json()["summary"]["files"] == 2
    assert run.json()["claims"] == []
