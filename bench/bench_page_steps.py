"""What each step of reading a claim-dense docs page costs, in one process (``bench/shapes.py``'s
pages of 4-9 KB, and pages of about 65 KB made of nine of them): the page-level KV scan
(``page_names_kv`` on the page's lower-case copy), the SARIF line hash, markdown-it's block
parse, the scan of the page into units (block parse, inline parse of the paragraphs that may
hold a candidate, the map of each character to its source) and the whole reading
(``read_document``). Best of several rounds, interleaved.

    python bench/bench_page_steps.py [--rounds 3] [--before /path/to/a/checkout]

``--before`` also times that checkout's ``page_names_kv`` (given the page itself, as it was
called) and ``line_hashes``, loaded from its files, beside the present ones, and checks that
they give the same answers.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import shapes

from claimcheck.documents import scan
from claimcheck.documents.markdown import _parser
from claimcheck.extract.prefilter import page_names_kv, paragraph_may_hold_candidate
from claimcheck.formats.line_hash import line_hashes
from claimcheck.sources.document import read_document


def _module(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--before", default="")
    args = parser.parse_args()
    pages = shapes.dense_pages(random.Random(5))
    small = [next(pages) for _ in range(200)]
    large = ["".join(next(pages) for _ in range(9)) for _ in range(20)]
    md = _parser()
    steps: dict[str, Callable[[str], object]] = {
        "page_names_kv (lower-case copy)": lambda p: page_names_kv(p.lower(), lowered=True),
        "SARIF line hash": line_hashes,
        "markdown-it block parse": lambda p: md.parse(p, {}),
        "scan into units": lambda p: scan(p, "markdown", paragraph_may_hold_candidate),
        "read_document": lambda p: read_document(p, "markdown", "page.md"),
    }
    if args.before:
        root = Path(args.before) / "claimcheck"
        old_prefilter = _module("before_prefilter", root / "extract/prefilter.py")
        old_hash = _module("before_line_hash", root / "formats/line_hash.py")
        steps = {
            "before: page_names_kv (the page)": old_prefilter.page_names_kv,
            "before: SARIF line hash": old_hash.line_hashes,
            **steps,
        }
        for page in small[:50] + large[:5]:
            assert old_prefilter.page_names_kv(page) == page_names_kv(page.lower(), lowered=True)
            assert old_hash.line_hashes(page) == line_hashes(page)
    for name, items in (("pages of 4-9 KB", small), ("pages of about 65 KB", large)):
        mean = sum(map(len, items)) / len(items) / 1e3
        print(
            f"{len(items)} claim-dense {name} (mean {mean:.1f} KB), ms a page, best of {args.rounds}:"
        )
        best = dict.fromkeys(steps, float("inf"))
        for _ in range(args.rounds):
            for step, run in steps.items():
                started = time.perf_counter()
                for page in items:
                    run(page)
                elapsed = (time.perf_counter() - started) / len(items) * 1e3
                best[step] = min(best[step], elapsed)
        for step, ms in best.items():
            print(f"  {step:<36} {ms:8.2f}")


if __name__ == "__main__":
    main()
