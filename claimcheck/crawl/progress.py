"""A crawl's progress and summary: files done of total, pages per second, estimated finish."""

from __future__ import annotations

import time
from collections.abc import Callable

import msgspec

from claimcheck.crawl.task import FileDone


class Failed(msgspec.Struct, frozen=True):
    """A file that failed on every try."""

    warc_file: str
    error: str


class Progress:
    """Counts files as they finish; ``report`` is told a line after each."""

    def __init__(self, total: int, report: Callable[[str], None] | None = None) -> None:
        self.total = total
        self.report = report
        self.done: list[FileDone] = []
        self.failed: list[Failed] = []
        self.started = time.perf_counter()
        self.pages = 0

    def finished(self, done: FileDone) -> None:
        self.done.append(done)
        if not done.resumed:
            self.pages += sum(done.pages.values())
        self._say(f"{done.warc_file}: " + ("done before" if done.resumed else
                  f"{sum(done.pages.values())} pages, {done.claims} claims"))  # fmt: skip

    def failure(self, failed: Failed) -> None:
        self.failed.append(failed)
        self._say(f"{failed.warc_file}: FAILED: {failed.error}")

    def _say(self, what: str) -> None:
        if self.report is None:
            return
        count = len(self.done) + len(self.failed)
        elapsed = time.perf_counter() - self.started
        rate = self.pages / elapsed if elapsed > 0 else 0.0
        fresh = sum(1 for d in self.done if not d.resumed) + len(self.failed)
        left = self.total - count
        eta = f", about {_duration(elapsed / fresh * left)} left" if fresh and left else ""
        self.report(f"[{count}/{self.total}] {what} ({rate:,.0f} pages/s{eta})")

    @property
    def elapsed_seconds(self) -> float:
        return time.perf_counter() - self.started


def _duration(seconds: float) -> str:
    minutes, second = divmod(round(seconds), 60)
    hours, minute = divmod(minutes, 60)
    return f"{hours}:{minute:02d}:{second:02d}"
