"""The built-in catalog and the entries many tests share, looked up once for the whole suite
(module constants, so that parametrize lists and Hypothesis strategies can use them too;
``tests/conftest.py`` offers the catalog as a fixture)."""

from __future__ import annotations

from claimcheck.catalog import builtin_catalog

CATALOG = builtin_catalog()
LLAMA_70B = CATALOG.require_model("llama-3.1-70b")
H100 = CATALOG.require_gpu("h100-sxm")
