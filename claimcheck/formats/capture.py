"""A Rich console that writes into a string, for the human formats (never the machine ones)."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console

    from claimcheck.formats import RenderOptions


class Capture:
    """``capture.console.print(...)``, then ``capture.text``: what was printed, with the
    padding Rich leaves at the end of lines removed."""

    def __init__(self, options: RenderOptions) -> None:
        from rich.console import Console

        self._buffer = io.StringIO()
        self.console: Console = Console(
            file=self._buffer,
            width=options.width,
            force_terminal=options.color,
            no_color=not options.color,
            color_system="standard" if options.color else None,
            highlight=False,
            emoji=False,
            legacy_windows=False,
        )

    @property
    def text(self) -> str:
        """Everything printed so far."""
        return "\n".join(line.rstrip() for line in self._buffer.getvalue().splitlines()) + "\n"
