"""The sandbox in a URL: ``[situation, answers]`` as compact JSON, raw deflate, base64url.

static/sandbox.js writes the same code with CompressionStream("deflate-raw"); a link therefore
reproduces the sandbox exactly. Decoding is bounded (size before and after inflating, nesting
depth and numbers: refapp/json_input.py).
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

from refapp.errors import RefappError
from refapp.json_input import JSONInputError, loads

MAX_CODE_CHARS = 12_000
MAX_JSON_BYTES = 64 * 1024
VERSION = 1


class CodeError(RefappError, ValueError):
    """The code is not a sandbox (message says why)."""


def encode(situation: dict[str, Any], answers: list[Any]) -> str:
    text = json.dumps([VERSION, situation, answers], ensure_ascii=False, separators=(",", ":"))
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(text.encode("utf-8")) + packer.flush()
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode(code: str) -> tuple[Any, Any]:
    """``(situation, answers)`` from a code; CodeError when it is not one."""
    if len(code) > MAX_CODE_CHARS:
        raise CodeError(f"s: the code is longer than {MAX_CODE_CHARS} characters")
    try:
        packed = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
        unpacker = zlib.decompressobj(-15)
        raw = unpacker.decompress(packed, MAX_JSON_BYTES + 1)
        if len(raw) > MAX_JSON_BYTES or unpacker.unconsumed_tail:
            raise CodeError(f"s: the sandbox is larger than {MAX_JSON_BYTES // 1024} KB")
        data = loads(raw.decode("utf-8"), root="s")
    except JSONInputError as exc:
        if exc.field == "s" and exc.status == 400 and "nest" not in str(exc):
            raise CodeError("s: not a sandbox link (it may have been cut short)") from None
        raise CodeError(str(exc).replace("s[1]", "situation", 1).replace("s[2]", "answers", 1)) from None
    except (binascii.Error, ValueError, zlib.error, UnicodeDecodeError) as exc:
        if isinstance(exc, CodeError):
            raise
        raise CodeError("s: not a sandbox link (it may have been cut short)") from None
    if not (isinstance(data, list) and len(data) == 3 and data[0] == VERSION):
        raise CodeError("s: not a sandbox link of this version")
    return data[1], data[2]
