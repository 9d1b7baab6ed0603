"""Every answer of seed 003's FAQ (general, character and district) is demonstrated by a scenario."""

from __future__ import annotations

from pathlib import Path

import engine

SEED = Path(__file__).resolve().parents[3] / "corpus" / "sources" / "003_386c33ee6a748081.txt"

#: seed line of the answer ("A：...") -> scenarios (ids without the "citadels-" prefix) showing it
FAQ_SCENARIOS: dict[int, list[str]] = {
    365: ["abilities-optional"],
    373: ["architect-more-than-eight"],
    377: ["end-stands-after-destruction"],
    381: ["completion-bonus-kept"],
    385: ["five-colours-held-at-end"],
    389: ["income-only-once"],
    393: ["bank-runs-dry"],
    397: ["ties-broken-by-district-points", "ties-broken-by-gold"],
    401: ["expansion-districts-added"],
    415: ["thief-robbery-timing"],
    419: ["thief-not-witch-or-bewitched"],
    425: ["magician-discard-and-redraw"],
    431: ["king-assassinated-still-crowned"],
    435: ["king-absent-crown-stays"],
    441: ["bishop-diplomat-cannot-exchange"],
    451: ["architect-action-first"],
    457: ["warlord-dead-bishop-unprotected"],
    461: ["warlord-completed-city-immune"],
    465: ["warlord-destroys-own"],
    471: ["witch-no-build-in-own-turn"],
    475: ["witch-bewitched-tax-collector"],
    479: ["witch-never-gets-crown"],
    483: ["witch-bewitched-bishop-protects-witch"],
    487: ["witch-bewitched-navigator-no-build"],
    493: ["tax-collector-assassin-pays-later"],
    497: ["tax-collector-witch-spell"],
    503: ["wizard-builds-duplicates"],
    509: ["emperor-receiver-chooses-payment"],
    513: ["emperor-assassinated-crown-stays"],
    523: ["alchemist-no-trade-income"],
    529: ["navigator-never-builds"],
    535: ["diplomat-no-forced-duplicate"],
    539: ["diplomat-quarry-allows-duplicate"],
    543: ["diplomat-after-completing"],
    547: ["diplomat-completed-city-immune"],
    553: ["artist-beautifies-two"],
    559: ["queen-beside-emperor"],
    563: ["queen-dead-king-paid-at-round-end"],
    573: ["library-with-observatory-three-keep-two", "observatory-with-library-three-keep-two"],
    577: ["library-draw-before-building", "observatory-draw-before-building"],
    583: ["great-wall-diplomat-pays-more"],
    589: ["keep-diplomat-cannot-exchange"],
    595: ["dragon-gate-warlord-pays-five", "university-warlord-pays-five"],
    599: ["dragon-gate-diplomat-counts-cost", "university-diplomat-counts-cost"],
    605: ["armory-ignores-bishop"],
    609: ["armory-ignores-keep"],
    613: ["armory-not-own-district"],
    617: ["armory-reaches-complete-city"],
    623: ["poor-house-after-tax"],
    629: ["graveyard-not-on-exchange"],
    635: ["museum-warlord-price"],
    639: ["museum-cards-follow-destruction"],
    643: ["museum-cards-follow-exchange"],
    649: ["hospital-no-help-when-bewitched"],
    655: ["bell-tower-seven-districts-end-the-game"],
    659: ["bell-tower-already-seven"],
    663: ["bell-tower-seven-earns-completion-bonus"],
    667: ["bell-tower-bonus-split"],
    671: ["bell-tower-protects-seven"],
    675: ["bell-tower-short-game-six"],
    681: ["quarry-duplicates-survive"],
    687: ["wishing-well-haunted-city-not-purple"],
}


def answer_lines() -> set[int]:
    lines = SEED.read_text(encoding="utf-8").splitlines()
    return {i for i, line in enumerate(lines, start=1) if line.startswith("A：") and "N/A" not in line}


def test_every_faq_answer_in_the_seed_has_a_scenario():
    assert set(FAQ_SCENARIOS) == answer_lines()


def test_the_faq_scenarios_exist():
    infos = [info for info in engine.list_scenarios() if info.game == "citadels"]
    ids = {i.id for i in infos} | {a for i in infos for a in i.aliases}  # a merged copy keeps its id
    missing = [s for names in FAQ_SCENARIOS.values() for s in names if f"citadels-{s}" not in ids]
    assert missing == []
