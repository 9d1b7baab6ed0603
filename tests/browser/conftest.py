"""A real HTTP server on a free loopback port and Debian's Chromium driven by Playwright.

The server runs the real app on the committed dataset and the engine's scenarios, with a
search index built into a temporary folder.
"""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from corpus.model import DATASET_PATH

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking"]
PHONE = {"width": 390, "height": 844}


@dataclass
class LiveServer:
    url: str
    app: Any = None  # the app it serves, for tests that ask it what a page links to (its demo URLs)


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    if not DATASET_PATH.exists():
        pytest.fail("corpus/data/dataset.json is missing: run `refapp ingest` first")
    from werkzeug.serving import make_server

    import index
    from corpus.model import load_dataset
    from refapp import create_app

    data_dir = tmp_path_factory.mktemp("data")
    index.build(load_dataset(DATASET_PATH), data_dir)
    app = create_app({"REFAPP_DATA_DIR": str(data_dir)})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield LiveServer(url=f"http://127.0.0.1:{server.server_port}", app=app)
    finally:
        server.shutdown()
        thread.join(timeout=5)


@pytest.fixture(scope="session")
def browser():  # type: ignore[no-untyped-def]
    if not Path(CHROMIUM).exists() or shutil.which("fc-list") is None:
        pytest.fail("Debian's chromium and fonts-wqy-microhei are needed: run `make browser-deps`")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


class ConsoleLog:
    """Console errors and uncaught exceptions of every page of one context."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def attach(self, page) -> None:  # type: ignore[no-untyped-def]
        page.on("console", lambda m: self.errors.append(f"console {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"pageerror {e}"))


@pytest.fixture
def phone(browser):  # type: ignore[no-untyped-def]
    """A fresh 390x844 context per test (cold cache, no cookies), with its console log."""
    contexts = []

    def make(locale: str = "zh-CN", **kwargs):  # type: ignore[no-untyped-def]
        ctx = browser.new_context(viewport=PHONE, locale=locale, device_scale_factor=1, **kwargs)
        log = ConsoleLog()
        ctx.on("page", log.attach)
        contexts.append(ctx)
        return ctx, log

    yield make
    for ctx in contexts:
        ctx.close()
