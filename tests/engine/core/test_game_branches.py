"""No code outside engine/<game>/ branches on a game's name: it asks the game object
(engine/core/board_game.py, engine/core/registry.py). The scanner is engine/core/game_branches.py."""

from __future__ import annotations

import pytest

from engine.core.game_branches import EXEMPT, ROOT, python_branches, scan, text_branches
from engine.core.registry import game_names

GAMES = ("dominion", "citadels")


def test_no_branch_on_a_game_name_outside_the_games_packages():
    found = scan(game_names())
    assert not found, "ask the game object (get_game(name)) instead:\n" + "\n".join(map(str, found))


@pytest.mark.parametrize("source", [
    'if game == "dominion":\n    pass\n',
    'x = 1 if req["game"] != "citadels" else 2\n',
    'ok = game in ("dominion", "citadels")\n',
    'WORDS = {"dominion": 1, "citadels": 2}\n',
    'words = TABLE["citadels"]\n',
    'GAMES = ("dominion", "citadels")\n',
    'match game:\n    case "dominion":\n        pass\n',
])
def test_the_python_scan_finds_a_planted_branch(source):
    assert python_branches(source, "planted.py", GAMES)


@pytest.mark.parametrize("source", [
    'cite = "dominion/rules/setup#starting-deck"\n',  # an entry id is data, not a branch
    'key = f"{game}_score"\n',
    'return {"game": "dominion", "players": out}\n',  # naming itself in a result
    'if game == other:\n    pass\n',
])
def test_the_python_scan_leaves_data_alone(source):
    assert not python_branches(source, "fine.py", GAMES)


@pytest.mark.parametrize("line", [
    'if (game() === "citadels") p.counters = {};',
    'var n = g !== "dominion" ? 2 : 4;',
    'var ZONES = { dominion: ["hand"], citadels: ["city"] };',
    '{%- if r.game == \'dominion\' %}x{% endif %}',
    "{%- for g in ('dominion', 'citadels') %}",
    '<div class="row" data-game="citadels">',
    'switch (game) { case "dominion": break; }',
])
def test_the_text_scan_finds_a_planted_branch(line):
    assert text_branches(line, "planted.js", GAMES)


@pytest.mark.parametrize("line", [
    'li.appendChild(el("a", { href: "/entries/dominion/" + slug }));',
    '<div class="row" data-game="{{ name }}">',
    'var scored = cfgTables[r.game + "_score"];',
])
def test_the_text_scan_leaves_data_alone(line):
    assert not text_branches(line, "fine.js", GAMES)


def test_a_game_may_name_itself_in_its_own_package(tmp_path):
    for folder in ("engine/dominion", "engine/sandbox", "refapp/templates", "refapp/static"):
        (tmp_path / folder).mkdir(parents=True)
    (tmp_path / "engine/dominion/rules.py").write_text('if game == "dominion":\n    pass\n')
    (tmp_path / "engine/sandbox/glue.py").write_text('if game == "dominion":\n    pass\n')
    (tmp_path / "refapp/static/page.js").write_text('if (game === "citadels") go();\n')
    found = {b.path for b in scan(GAMES, tmp_path)}
    assert found == {"engine/sandbox/glue.py", "refapp/static/page.js"}


@pytest.mark.parametrize("path", sorted(EXEMPT))
def test_an_exempt_file_still_names_games_or_its_exemption_goes(path):
    source = (ROOT / path).read_text(encoding="utf-8")
    assert python_branches(source, path, game_names()), f"{path} names no game now: drop it from EXEMPT"
