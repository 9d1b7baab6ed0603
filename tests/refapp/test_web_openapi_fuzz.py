"""schemathesis over docs/openapi.yaml against the real app (committed dataset, the engine, an
index built for the test): every documented operation gets a few hundred generated requests,
derandomized (the same examples every run) and without network (the WSGI app is called in
process). Each answer must be documented (status, content type, JSON schema) and never a 5xx,
so the document and the server cannot drift apart (issue 12, defect 7). Generated requests are
both valid and invalid ones: a request the document allows must be accepted, one it forbids
must be refused (issue 21: 10 places where the two disagreed)."""

from __future__ import annotations

from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.config import SchemathesisConfig
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    positive_data_acceptance,
    response_schema_conformance,
    status_code_conformance,
)

SPEC_PATH = Path(__file__).resolve().parents[2] / "docs" / "openapi.yaml"
EXAMPLES_PER_OPERATION = 250
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    positive_data_acceptance,
    negative_data_rejection,
]
# Rules that join parameters, or a grammar inside one, which OpenAPI cannot state, so a request
# valid by the document may still be refused with the documented status (the message names the
# parameter): a player count outside the game's range (Dominion 2-4, Citadels 2-8), a card that
# is not in the chosen edition's kingdom, a filter inside the search query (`p:x` names no
# field), a situation the engine cannot play (422), bytes that are no image (415). Requests the
# document forbids must still be refused on every operation.
CONFIG = """
[generation]
mode = "all"

[[operations]]
include-path = "/tools/setup.json"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400"]

[[operations]]
include-path = "/tools/kingdom.json"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400"]

[[operations]]
include-path = "/tools/score.json"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400"]

[[operations]]
include-path = "/api/search"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400"]

[[operations]]
include-path = "/api/lookup"
# any bytes fit the document's binary `image`; only a real JPEG, PNG or WebP is read (415, 400)
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "413", "415", "503"]

[[operations]]
include-path = "/api/sandbox"
checks.positive_data_acceptance.expected-statuses = ["2xx", "422"]
# A body over 32 KB is refused as such (413) before its content is looked at.
checks.negative_data_rejection.expected-statuses = [
  "400", "401", "403", "404", "406", "413", "422", "428", "5xx",
]
"""


@pytest.fixture(scope="module")
def real_app(tmp_path_factory):
    import index
    from corpus.model import DATASET_PATH, load_dataset
    from refapp import create_app

    data_dir = tmp_path_factory.mktemp("fuzz")
    index.build(load_dataset(DATASET_PATH), data_dir)
    return create_app({"DATASET_PATH": str(DATASET_PATH), "REFAPP_DATA_DIR": str(data_dir)})


schema = schemathesis.openapi.from_path(SPEC_PATH, config=SchemathesisConfig.from_str(CONFIG))


@schema.parametrize()
@settings(
    max_examples=EXAMPLES_PER_OPERATION,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_the_server_answers_as_the_openapi_document_says(case, real_app):
    response = case.call(app=real_app, headers={"Accept-Encoding": "identity"})
    case.validate_response(response, checks=CHECKS)
