"""One view, two formats (refapp/views/formats.py): `X` and `X.json` reach one function, which
answers in the format asked for and makes only that one."""

from __future__ import annotations

import pytest
from flask import Blueprint, Flask

from refapp.errors import problem
from refapp.views.formats import Twin, missing, moved, twin


@pytest.fixture()
def made() -> list[str]:
    return []


@pytest.fixture()
def client(made):  # type: ignore[no-untyped-def]
    bp = Blueprint("things", __name__)

    @twin(bp, "/things/<path:name>")
    def thing(name: str) -> Twin:
        if name == "gone":
            return missing("no such thing", id=name)
        if name == "old":
            return moved("/things/new")
        return Twin(html=lambda: made.append("html") or f"<p>{name}</p>",
                    json=lambda: made.append("json") or {"name": name})

    app = Flask("formats-test")
    app.register_blueprint(bp)
    return app.test_client()


def test_one_function_serves_the_page_and_its_json_twin(client, made):
    page = client.get("/things/a/b")
    assert page.status_code == 200 and page.get_data(as_text=True) == "<p>a/b</p>"
    data = client.get("/things/a/b.json")
    assert data.status_code == 200 and data.get_json() == {"name": "a/b"}
    assert made == ["html", "json"]  # each request made only the format it asked for


def test_only_one_suffix_is_taken_off(client):
    assert client.get("/things/x.json.json").get_json() == {"name": "x.json"}


def test_missing_and_moved_answer_in_each_format(client):
    assert client.get("/things/gone").status_code == 404
    gone = client.get("/things/gone.json")
    assert gone.status_code == 404
    assert gone.get_json() == {"error": "no such thing", "status": 404, "id": "gone"}
    assert client.get("/things/old").headers["Location"].endswith("/things/new")
    assert client.get("/things/old.json").headers["Location"].endswith("/things/new.json")


def test_a_rule_must_end_in_the_variable_the_suffix_ends():
    with pytest.raises(ValueError, match="ends in a variable"):
        twin(Blueprint("bad", __name__), "/things/<name>/page")


def test_a_refusal_may_carry_a_field_named_message():
    assert problem("Bad Request", 400, message="from: not a number") == (
        {"error": "Bad Request", "status": 400, "message": "from: not a number"}, 400)
