"""The title a Markdown page declares in its front matter.

Static-site generators take a page's title from its front matter (Hugo:
https://gohugo.io/content-management/front-matter/, YAML between ``---`` lines or TOML between
``+++`` lines; Jekyll and Docusaurus the same in YAML), and such pages often carry no ``#``
heading of their own: the title is what the page is about, and the extractor reads it as the
page's topic, as it reads a first heading (docs/usage.md, "Lint marketing pages").
"""

from __future__ import annotations

import tomllib

import yaml

from claimcheck.documents.page_lines import front_matter_lines

LOOKED_AT = 8192
"""The characters of a page's start a front matter is looked for in: a title is declared at
the top, and a front matter longer than this is read no further."""
_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def front_matter_title(start: str) -> str:
    """The ``title`` of the front matter ``start`` (a page's first characters) opens with,
    or "" when there is none, it is not closed within ``LOOKED_AT`` characters, it does not
    parse, or its title is not text."""
    lines = start[:LOOKED_AT].replace("\r\n", "\n").split("\n")
    closed = front_matter_lines(lines)
    if closed < 2:
        return ""
    body = "\n".join(lines[1 : closed - 1])
    try:
        if lines[0].rstrip() == "+++":
            data = tomllib.loads(body)
        else:
            data = yaml.load(body, Loader=_LOADER)  # a safe loader: CSafeLoader or SafeLoader
    except (tomllib.TOMLDecodeError, yaml.YAMLError, ValueError, RecursionError):
        return ""
    title = data.get("title") if isinstance(data, dict) else None
    return " ".join(title.split()) if isinstance(title, str) else ""
