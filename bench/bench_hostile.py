"""Hostile input against input size: each shape at 1x, 4x and 16x, with the 4x/1x and 16x/4x
ratios (linear growth means about 4 for each step) and the peak memory of the suppression
shapes. Times are the fastest of several interleaved runs (more runs for the smaller sizes): on
a shared machine the fastest run is the one least disturbed by other work, so its ratios are
the steadiest.

    python bench/bench_hostile.py [--runs 3] [--base 16384] [--only NAME ...]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from claimcheck.documents import apply_suppressions, scan_markdown
from claimcheck.extract import read
from claimcheck.sources.document import read_document

CLAIM = "KV cache offload gives 27x faster TTFT. "
PAGE_HEAD = "# KV cache offload\n\nKV cache offload gives 27x faster TTFT.\n\n"


def repeat(unit: str, size: int) -> str:
    return (unit * (size // len(unit) + 1))[:size]


def sentences_of(unit: str, per_sentence: int) -> str:
    """``unit`` ``per_sentence`` times, closed by a full stop: a sentence as long as a
    sentence's candidate limit allows."""
    return (unit * per_sentence).rstrip(", ") + ". "


def many_codes(size: int) -> str:
    """One ``disable-line`` comment spanning one line per code it names."""
    codes = "".join(f"KV{100 + i % 900}\n" for i in range(size // 6))
    return f"{CLAIM}<!-- claimcheck: disable-line {codes}-->\n"


def disable_then_enable(size: int) -> str:
    """One ``disable`` naming many codes, then an ``enable`` for each of them."""
    codes = [f"Z{chr(65 + i % 26)}{i // 26}" for i in range(size // 40)]
    opened = f"<!-- claimcheck: disable {' '.join(codes)} -->\n{CLAIM}\n"
    return opened + "".join(f"<!-- claimcheck: enable {code} -->\n" for code in codes)


@dataclass(frozen=True)
class Shape:
    name: str
    build: Callable[[int], str]
    run: Callable[[str], object]
    memory: bool = False


def extractor(text: str) -> object:
    return read(text)


def markdown(text: str) -> object:
    return read_document(text, "markdown", "bench.md")


def plain(text: str) -> object:
    return read_document(text, "text", "bench.txt")


def suppressions(text: str) -> object:
    document = scan_markdown(text)
    findings = [("KV103", line) for line in range(1, len(document.line_starts) + 1, 8)]
    return apply_suppressions(document.directives, findings)


SHAPES = [
    Shape("'4K tokens' paragraph", lambda n: CLAIM + repeat("4K tokens ", n), extractor),
    Shape("'27x' paragraph", lambda n: CLAIM + repeat("27x ", n), extractor),
    Shape("'27x.' sentences", lambda n: CLAIM + repeat("27x. ", n), extractor),
    Shape(
        "'27x … at 4K tokens'",
        lambda n: CLAIM + repeat("27x faster TTFT at 4K tokens ", n),
        extractor,
    ),
    Shape(
        "'… at 4K tokens.' claims",
        lambda n: repeat("KV cache 27x faster TTFT at 4K tokens. ", n),
        extractor,
    ),
    Shape(
        "GPU and model names", lambda n: CLAIM + repeat("Llama 3.1 70B on 8x H100 ", n), extractor
    ),
    Shape(
        "a claim per GPU",
        lambda n: repeat(
            sentences_of("KV cache 27x faster TTFT on H100, 3x faster TTFT on A100, ", 32), n
        ),
        extractor,
    ),
    Shape(
        "digit run in a model name",
        lambda n: "Prefix caching on Llama " + repeat("9", n) + "x gives 27x faster TTFT",
        extractor,
    ),
    Shape(
        "'9.' run in a model name",
        lambda n: "Prefix caching on Mistral " + repeat("9.", n) + "x gives 27x faster TTFT",
        extractor,
    ),
    Shape("'from 2 s to 1 s'", lambda n: CLAIM + repeat("from 2 s to 1 s ", n), extractor),
    Shape("Markdown '[' run", lambda n: PAGE_HEAD + repeat("[", n), markdown),
    Shape("Markdown '![' run", lambda n: PAGE_HEAD + repeat("![", n), markdown),
    Shape("Markdown '[a](' run", lambda n: PAGE_HEAD + repeat("[a](", n), markdown),
    Shape("Markdown nested '[…]'", lambda n: PAGE_HEAD + "[" * (n // 2) + "]" * (n // 2), markdown),
    Shape("Markdown claim lines", lambda n: PAGE_HEAD + repeat("27x faster TTFT\n", n), markdown),
    Shape(
        "Markdown 1-line paragraphs",
        lambda n: PAGE_HEAD + repeat("KV cache 27x faster TTFT.\n\n", n),
        markdown,
    ),
    Shape("text 1-line paragraphs", lambda n: repeat("KV cache 27x faster TTFT.\n\n", n), plain),
    Shape("disable-line: many codes", many_codes, suppressions, memory=True),
    Shape("disable, enable each code", disable_then_enable, suppressions, memory=True),
]


def fastest(shape: Shape, texts: list[str], runs: int) -> list[float]:
    """The fastest time of each text, its runs interleaved with the other sizes' runs so that
    a burst of other work on the machine falls on every size alike. A text a quarter the size
    of the largest is run four times as often, so every size gets about the same time to show
    its fastest run (the small sizes, where a burst matters most, get the most tries)."""
    best = [float("inf")] * len(texts)
    largest = max(map(len, texts))
    for _ in range(runs):
        for index, text in enumerate(texts):
            for _ in range(max(1, largest // max(len(text), 1))):
                started = time.perf_counter()
                shape.run(text)
                best[index] = min(best[index], time.perf_counter() - started)
    return best


def peak_bytes(shape: Shape, text: str) -> int:
    tracemalloc.start()
    try:
        shape.run(text)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def peak_rss_mb(shape: Shape | None, size: int) -> float:
    """Peak resident memory of a fresh process that runs ``shape`` on ``size`` characters
    (``None``: that only imports the project), in MB (Linux)."""
    if shape is None:
        child = "import bench_hostile"
    else:
        child = (
            "import bench_hostile as b; "
            f"s = next(s for s in b.SHAPES if s.name == {shape.name!r}); s.run(s.build({size}))"
        )
    # VmHWM is the peak of this process's own memory; ru_maxrss would also count what a
    # forked child briefly shares with this (large) parent before it runs Python.
    child += (
        "; print(next(l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM')))"
    )
    folder = str(Path(__file__).parent)
    out = subprocess.run(
        [sys.executable, "-c", f"import sys; sys.path.insert(0, {folder!r}); {child}"],
        check=True,
        capture_output=True,
        text=True,
    )
    return int(out.stdout.split()[-1]) / 1024  # VmHWM is in kB


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--base", type=int, default=16_384, help="characters at 1x")
    parser.add_argument("--only", nargs="*", default=[], help="shapes whose name contains this")
    parser.add_argument(
        "--rss-size", type=int, default=1_048_576, help="characters for the peak-RSS runs"
    )
    args = parser.parse_args()
    markdown(PAGE_HEAD)  # compile the patterns and build the parser outside the timings
    print(
        f"hostile input, fastest of {args.runs} interleaved rounds; 1x = {args.base:,} characters"
    )
    print(f"  {'shape':<30}{'1x':>9}{'4x':>9}{'16x':>9}   4x/1x  16x/4x  peak at 16x")
    shown = [s for s in SHAPES if not args.only or any(word in s.name for word in args.only)]
    for shape in shown:
        texts = [shape.build(args.base * scale) for scale in (1, 4, 16)]
        times = fastest(shape, texts, args.runs)
        memory = f"{peak_bytes(shape, texts[2]) / 1e6:8.1f} MB" if shape.memory else ""
        print(
            f"  {shape.name:<30}"
            + "".join(f"{t * 1000:7.0f}ms" for t in times)
            + f"   {times[1] / times[0]:5.1f}  {times[2] / times[1]:6.1f}  {memory}",
            flush=True,
        )
    memory_shapes = [s for s in SHAPES if s.memory and (not args.only or s in shown)]
    if memory_shapes:
        print(f"peak RSS of a fresh process at {args.rss_size:,} characters:")
        print(f"  {'imports only':<30}{peak_rss_mb(None, 0):7.0f} MB")
        for shape in memory_shapes:
            print(f"  {shape.name:<30}{peak_rss_mb(shape, args.rss_size):7.0f} MB", flush=True)


if __name__ == "__main__":
    main()
