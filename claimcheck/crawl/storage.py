"""Where a crawl's files are: local paths or any URL fsspec understands (s3://, gs://, …;
https://filesystem-spec.readthedocs.io/en/latest/usage.html). A local folder is written
through the operating system (so that a rename is atomic); anything else through fsspec."""

from __future__ import annotations

import os
from typing import IO, Any


class Storage:
    """A folder that outputs are written to and read from."""

    def __init__(self, url: str) -> None:
        self.url = url.rstrip("/") or url
        self._fs: Any = None
        self._root = ""
        self.local: str | None = None
        if "://" not in url or url.startswith("file://"):
            self.local = os.path.abspath(url.removeprefix("file://"))

    def _remote(self) -> tuple[Any, str]:
        if self._fs is None:
            from fsspec.core import url_to_fs

            self._fs, self._root = url_to_fs(self.url)
        return self._fs, self._root

    def local_path(self, name: str) -> str | None:
        """The local path of ``name``, or ``None`` on an object store."""
        return os.path.join(self.local, name) if self.local is not None else None

    def make(self) -> None:
        """Create the folder if it is missing."""
        if self.local is not None:
            os.makedirs(self.local, exist_ok=True)
        else:
            fs, root = self._remote()
            fs.makedirs(root, exist_ok=True)

    def exists(self, name: str) -> bool:
        if self.local is not None:
            return os.path.exists(os.path.join(self.local, name))
        fs, root = self._remote()
        return bool(fs.exists(f"{root}/{name}"))

    def read_bytes(self, name: str) -> bytes:
        if self.local is not None:
            with open(os.path.join(self.local, name), "rb") as source:
                return source.read()
        fs, root = self._remote()
        return bytes(fs.cat_file(f"{root}/{name}"))

    def write_bytes(self, name: str, data: bytes) -> None:
        """Write ``name`` whole: a temporary file renamed over it, locally."""
        if self.local is not None:
            path = os.path.join(self.local, name)
            temporary = f"{path}.{os.getpid()}.tmp"
            with open(temporary, "wb") as out:
                out.write(data)
            os.replace(temporary, path)
            return
        fs, root = self._remote()
        fs.pipe_file(f"{root}/{name}", data)

    def upload(self, local: str, name: str) -> None:
        fs, root = self._remote()
        fs.put_file(local, f"{root}/{name}")

    def names(self) -> list[str]:
        """The names of the files in the folder, sorted."""
        if self.local is not None:
            return sorted(os.listdir(self.local)) if os.path.isdir(self.local) else []
        fs, root = self._remote()
        if not fs.exists(root):
            return []
        return sorted(os.path.basename(p.rstrip("/")) for p in fs.ls(root, detail=False))


def open_input(url: str) -> IO[bytes]:
    """A WARC file opened for reading: a local path directly, anything else through fsspec."""
    if "://" not in url or url.startswith("file://"):
        return open(url.removeprefix("file://"), "rb")
    import fsspec

    opened: IO[bytes] = fsspec.open(url, "rb").open()
    return opened


def expand(patterns: list[str]) -> list[str]:
    """The files matching glob ``patterns`` (local or fsspec URLs), sorted, each once."""
    import glob

    found: set[str] = set()
    for pattern in patterns:
        if "://" not in pattern or pattern.startswith("file://"):
            local = pattern.removeprefix("file://")
            matches = glob.glob(local, recursive=True) if glob.has_magic(local) else [local]
            found.update(m for m in matches if os.path.isfile(m))
            continue
        from fsspec.core import url_to_fs

        fs, path = url_to_fs(pattern)
        protocol = pattern.split("://", 1)[0]
        paths = fs.glob(path) if glob.has_magic(path) else [path]
        found.update(f"{protocol}://{p}" for p in paths if fs.isfile(p))
    return sorted(found)
