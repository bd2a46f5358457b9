"""QR codes of a table's links, made with segno (pure Python, in the ``web`` extra).

Without segno the server works the same, with no QR codes: :func:`qr_svg` gives
``None`` (the page then shows the links alone) and :func:`print_qr` prints a hint.
"""

from __future__ import annotations

import functools
from typing import TextIO

__all__ = ["has_qr", "print_qr", "qr_svg"]


def has_qr() -> bool:
    """Whether QR codes can be made (segno is installed)."""
    try:
        import segno  # noqa: F401
    except ImportError:
        return False
    return True


@functools.lru_cache(maxsize=4096)  # a lobby lists its tables' links every few seconds
def qr_svg(text: str) -> str | None:
    """A QR code of ``text`` as an SVG ``data:`` URI (what an ``<img>`` shows), or ``None``
    without segno.

    >>> qr_svg("http://192.168.1.20:8000/join").startswith("data:image/svg+xml")
    True
    """
    try:
        import segno
    except ImportError:
        return None
    uri: str = segno.make(text, error="m", micro=False).svg_data_uri(scale=4, border=2)
    return uri


def print_qr(text: str, out: TextIO) -> bool:
    """Draw a QR code of ``text`` on the terminal ``out`` with block characters (segno's
    compact drawing: two rows of modules per line); ``False`` (and a hint written
    instead) without segno."""
    try:
        import segno
    except ImportError:
        print('  (QR codes need segno: pip install "millions-rules[web]")', file=out)
        return False
    segno.make(text, error="m", micro=False).terminal(out=out, compact=True, border=2)
    return True
