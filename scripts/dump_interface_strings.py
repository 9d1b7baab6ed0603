"""Every interface string in every language, as one JSON document (a before/after check).

    python scripts/dump_interface_strings.py > before.json   # on the old code
    python scripts/dump_interface_strings.py > after.json    # on the new code
    cmp before.json after.json

Covers the page strings (refapp.i18n), the tools' strings (refapp/tools_strings.yaml) and the
source reader's strings (refapp/source_strings.yaml), each key in each language and in an unknown one
(the default language's text), plus the strings each page script receives.
"""

from __future__ import annotations

import json
import sys

from corpus.model import LANGS
from refapp import i18n, source_reader, tools_strings

ASKED = (*LANGS, "xx")  # "xx": a language the tables do not have


def dump() -> dict[str, dict[str, dict[str, str]]]:
    out: dict[str, dict[str, dict[str, str]]] = {"i18n": {}, "tools": {}, "sources": {}, "client": {}}
    for key in i18n.all_keys():
        out["i18n"][key] = {lang: i18n.translate(key, lang) for lang in ASKED}
    for key in tools_strings.keys():
        out["tools"][key] = {lang: tools_strings.translate(key, lang) for lang in ASKED}
    for key in sorted(source_reader.STRINGS):
        out["sources"][key] = {lang: source_reader.say(key, lang) for lang in ASKED}
    for lang in LANGS:
        out["client"][lang] = {
            "pages": i18n.client_strings(lang, ("",)),
            "tools": tools_strings.client_strings(lang, ("",)),
        }
    return out


if __name__ == "__main__":
    json.dump(dump(), sys.stdout, ensure_ascii=False, indent=1, sort_keys=True)
    sys.stdout.write("\n")
