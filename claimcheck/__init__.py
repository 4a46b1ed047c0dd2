"""claimcheck: audit vendor claims about KV-cache offload speedups."""

__version__ = "0.1.0"

DOCS_URL = "https://github.com/claimcheck/claimcheck/blob/main/README.md"
"""Where the README (and each rule's section in it) is published; also in pyproject's URLs."""
