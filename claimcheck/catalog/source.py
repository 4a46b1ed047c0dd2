"""The run's catalog: the built-in one merged with ``--catalog FILE``, parsed only when a claim
or an option first names something it resolves."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from claimcheck.errors import InputError, UsageError

if TYPE_CHECKING:
    from claimcheck.catalog import Catalog
    from claimcheck.claim import Claim
    from claimcheck.settings import Assumptions


class CatalogSource:
    """The run's catalog, parsed only when a claim or option first needs it."""

    def __init__(self, assume: Assumptions) -> None:
        self.assume = assume
        self._catalog: Catalog | None = None
        self.problems: list[InputError] = []

    def get(self) -> Catalog:
        """The built-in catalog merged with ``--catalog FILE`` if given. A file that cannot be
        used is one problem of the run (``problems``); the built-in catalog stands in for it."""
        if self._catalog is None:
            from claimcheck.catalog import builtin_catalog, load_catalog

            try:
                self._catalog = load_catalog(
                    Path(self.assume.catalog) if self.assume.catalog else None
                )
            except UsageError as err:
                self.problems.append(
                    InputError(err.message, path=err.path, line=err.line, column=err.column)
                )
                self._catalog = builtin_catalog()
        return self._catalog

    def check_assumptions(self) -> None:
        """Refuse unknown names in the options before reading any input (a name the broken
        catalog file would have added is refused with that file's problem)."""
        assume = self.assume
        if assume.catalog is not None:
            self.get()
        try:
            if assume.model is not None:
                self.get().require_model(assume.model)
            if assume.gpu is not None:
                self.get().require_gpu(assume.gpu)
            if assume.tier is not None:
                self.get().require_tier(assume.tier)
        except UsageError:
            if self.problems:
                problem = self.problems[0]
                raise UsageError(
                    problem.message, path=problem.path, line=problem.line, column=problem.column
                ) from None
            raise

    def needed(self, claim: Claim) -> bool:
        """Does this claim name anything the catalog resolves?"""
        assume = self.assume
        named = (claim.model, claim.gpu, claim.tier, assume.model, assume.gpu, assume.tier)
        return any(name is not None for name in named)
