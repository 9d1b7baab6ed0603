"""Every page is well-formed (balanced tags, unique ids) and has the landmarks a screen reader needs."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

VOID = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "track",
    "wbr",
    "path",
}
OPTIONAL_END = {"li", "p", "option", "dt", "dd"}


class Checker(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.problems: list[str] = []
        self.ids: list[str] = []
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag, attrs):  # type: ignore[no-untyped-def]
        a = dict(attrs)
        self.tags.append((tag, a))
        if a.get("id"):
            self.ids.append(a["id"])
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):  # type: ignore[no-untyped-def]
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag):  # type: ignore[no-untyped-def]
        if tag in VOID:
            return
        while self.stack and self.stack[-1] != tag and self.stack[-1] in OPTIONAL_END:
            self.stack.pop()
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"unexpected </{tag}> with open {self.stack[-3:]}")
            return
        self.stack.pop()


PAGES = [
    "/",
    "/search?q=lib",
    "/search?q=",
    "/browse?game=dominion",
    "/entries/dominion/library",
    "/entries/citadels/assassin",
    "/entries/dominion/artisan",
    "/scenarios/dominion/library-set-aside",
    "/scenarios",
    "/offline",
    "/entries/nope",
    "/browse?cost=x",
]


@pytest.mark.parametrize("path", PAGES)
@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_pages_are_well_formed_with_landmarks_and_labels(client, path, lang):
    page = client.get(path, headers={"Accept-Language": lang}).get_data(as_text=True)
    c = Checker()
    c.feed(page)
    c.close()
    assert c.problems == []
    assert [t for t in c.stack if t not in OPTIONAL_END] == []
    assert len(c.ids) == len(set(c.ids)), sorted({i for i in c.ids if c.ids.count(i) > 1})
    tags = [t for t, _ in c.tags]
    assert tags.count("main") == 1 and tags.count("h1") == 1
    assert "header" in tags and "footer" in tags and "nav" in tags
    ids = set(c.ids)
    for tag, attrs in c.tags:
        if tag == "input" and attrs.get("type") != "hidden":
            assert attrs.get("id") and f'for="{attrs["id"]}"' in page, attrs
        if tag in ("button", "a") and attrs.get("aria-label") is not None:
            assert attrs["aria-label"].strip()
        for ref in ("aria-labelledby", "aria-controls", "for"):
            if attrs.get(ref):
                assert attrs[ref] in ids, (tag, ref, attrs[ref])
        if tag == "img":
            assert attrs.get("alt") is not None
