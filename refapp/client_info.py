"""Who sent a request, as far as the server can trust it (issue 21): X-Forwarded-For and
X-Request-ID are taken only from a trusted proxy (REFAPP_TRUSTED_PROXIES: addresses or networks,
comma-separated; default loopback, where nginx runs beside the server), and a request id is
short and plain or generated. Anyone else's headers are not logged as given."""

from __future__ import annotations

import ipaddress
import os
import re
import uuid
from functools import lru_cache
from typing import Any

TRUSTED_ENV = "REFAPP_TRUSTED_PROXIES"
DEFAULT_TRUSTED = "127.0.0.1/8,::1"
REQUEST_ID = re.compile(r"[A-Za-z0-9._:-]{1,64}")  # nginx's $request_id is 32 hex digits
FORWARDED_FOR = re.compile(r"[0-9A-Fa-f.:, \[\]]{1,200}")  # addresses, commas, brackets
ENVIRON_KEY = "refapp.request_id"

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@lru_cache(maxsize=8)
def trusted_networks(setting: str) -> tuple[Network, ...]:
    """The networks a setting names; entries that are not addresses are ignored."""
    networks = []
    for item in setting.split(","):
        try:
            networks.append(ipaddress.ip_network(item.strip(), strict=False))
        except ValueError:
            continue
    return tuple(networks)


def from_trusted_proxy(environ: dict[str, Any], setting: str | None = None) -> bool:
    """Whether the peer of this connection is a proxy we trust."""
    setting = os.environ.get(TRUSTED_ENV, DEFAULT_TRUSTED) if setting is None else setting
    try:
        peer = ipaddress.ip_address(str(environ.get("REMOTE_ADDR", "")).strip("[]"))
    except ValueError:
        return False
    return any(peer in net for net in trusted_networks(setting))


def forwarded_for(environ: dict[str, Any], setting: str | None = None) -> str:
    """X-Forwarded-For as sent by a trusted proxy (addresses only), else ""."""
    value = str(environ.get("HTTP_X_FORWARDED_FOR", ""))
    if not value or not from_trusted_proxy(environ, setting) or not FORWARDED_FOR.fullmatch(value):
        return ""
    return value


def request_id(environ: dict[str, Any], setting: str | None = None) -> str:
    """The request's id: a trusted proxy's plain X-Request-ID, else a new one; the same for
    the whole request (kept in the WSGI environ)."""
    known = environ.get(ENVIRON_KEY)
    if known:
        return known
    given = str(environ.get("HTTP_X_REQUEST_ID", ""))
    if not (given and REQUEST_ID.fullmatch(given) and from_trusted_proxy(environ, setting)):
        given = uuid.uuid4().hex
    environ[ENVIRON_KEY] = given
    return given
