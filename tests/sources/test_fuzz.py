"""Fuzzing the claim-file loader: arbitrary bytes never raise anything but a clear InputError,
and every position it reports lies inside the file."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from claimcheck.errors import InputError
from claimcheck.sources.inputs import FileInput
from claimcheck.sources.load import load_input

FRAGMENTS = st.sampled_from(
    [b"speedup: ", b"27", b"\n", b"- ", b"claims:", b"{", b"}", b"[", b"]", b'"', b"&a ", b"*a",
     b"!!python/name:os.system", b"\x00", b"\xff", b"=", b"[[claims]]", b"nan", b"1e400", b"text: ",
     b"context_tokens", b"  ", b"#", b"---", b":", b","]
)  # fmt: skip
BYTES = st.one_of(st.binary(max_size=300), st.lists(FRAGMENTS, max_size=40).map(b"".join))


@given(BYTES, st.sampled_from(["yaml", "toml", "json"]), st.booleans())
@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_loader_never_crashes(data: bytes, kind: str, named: bool) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"f.{kind}"
        path.write_bytes(data)
        item = FileInput(str(path), f"f.{kind}", kind, named=named)
        lines = data.count(b"\n") + 1
        try:
            loaded = load_input(item, 10_000, lambda: "")
        except InputError as err:
            assert err.path == f"f.{kind}"
            assert err.line is None or 1 <= err.line <= lines + 1
            return
        for problem in loaded.problems:
            assert problem.line is None or 1 <= problem.line <= lines + 1
        for record in loaded.records:
            assert record.position is None or 1 <= record.position.line <= lines + 1
