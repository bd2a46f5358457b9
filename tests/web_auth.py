"""How the tests send a link's token: in an ``Authorization`` header, never in a URL."""

from __future__ import annotations


def bearer(token: str) -> dict[str, str]:
    """The request headers that carry ``token`` (docs' "Web table": authentication)."""
    return {"Authorization": f"Bearer {token}"}
