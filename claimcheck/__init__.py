"""claimcheck: audit vendor claims about KV-cache offload speedups."""

__version__ = "0.1.0"
