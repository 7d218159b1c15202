"""``GET /api/v1/server``: the addresses at which the phones at the table
can reach this server, so an invite never carries a loopback address.

``brehon serve`` knows what it listens on and hands it over in the
environment (``BREHON_ADDRESSES``: comma-separated URLs, empty when it listens
only on loopback). Behind a reverse proxy (``brehon serve --proxy N``) it
hands over nothing: the phones open the proxy's address, which is the scheme
and host the request came to the proxy with (as the proxy says, api/__init__.py).
Run any other way too, the answer is the address the request came to,
unless that is a loopback one."""

from __future__ import annotations

import ipaddress
from importlib.metadata import version
from urllib.parse import urlsplit

from flask import current_app, request

from .bodies import Blueprint
from .schemas import ServerSchema

#: The installed package's version (pyproject.toml's).
VERSION = version("brehon")

blp = Blueprint("server", __name__, url_prefix="/api/v1/server", description="Where the table reaches this server")


def _loopback(url: str) -> bool:
    name = urlsplit(url).hostname or ""
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


@blp.get("")
@blp.response(200, ServerSchema)
def server():
    """The URLs phones can open, and whether the server listens only on loopback."""
    listed = current_app.config["ADDRESSES"]
    if listed is None:
        addresses = [] if _loopback(request.host_url) else [request.host_url]
    else:
        addresses = [address for address in listed.split(",") if address]
    return {"addresses": addresses, "loopback_only": not addresses, "version": VERSION}
