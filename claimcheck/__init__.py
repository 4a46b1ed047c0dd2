"""claimcheck: audit vendor claims about KV-cache offload speedups.

``claimcheck.audit_text`` and ``claimcheck.audit_paths`` (README "Python API") load the
pipeline on first use, so that ``import claimcheck`` stays cheap.
"""

from __future__ import annotations

TYPE_CHECKING = False  # as typing's, without importing typing (start-up time)

__version__ = "0.1.0"

DOCS_URL = "https://github.com/claimcheck/claimcheck/blob/main/README.md"
"""Where the README is published (the SARIF driver's ``informationUri``); also in pyproject's URLs."""

RULES_URL = "https://github.com/claimcheck/claimcheck/blob/main/docs/rules.md"
"""Where the rule reference is published: each rule's ``help_uri`` is its section there."""

if TYPE_CHECKING:
    from claimcheck.api import audit_paths, audit_text
    from claimcheck.report import Report

# Public names and the module each comes from, imported when first asked for (PEP 562).
_LAZY = {
    "audit_text": "claimcheck.api",
    "audit_paths": "claimcheck.api",
    "Report": "claimcheck.report",
}

__all__ = ["DOCS_URL", "Report", "__version__", "audit_paths", "audit_text"]


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'claimcheck' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})
