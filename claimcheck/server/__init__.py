"""``claimcheck server``: findings in the editor, over the Language Server Protocol
(https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/),
on pygls (https://pygls.readthedocs.io/). Set-up for editors: docs/editors.md.

The pure parts (positions, diagnostics, hover text, suppression edits, settings) take a
``Report`` and text and know nothing of the connection; ``app`` wires them to pygls, which
is imported only when the server runs.
"""
