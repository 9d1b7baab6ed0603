"""The deployment files validate and agree with the app: Kubernetes manifests against the
Kubernetes schemas (kubernetes-validate, offline), the compose file against the Compose
Specification schema (vendored by check-jsonschema), the Containerfile and nginx template by
what they must hold; nginx itself checks the rendered configuration when it is installed."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from importlib import resources
from pathlib import Path

import kubernetes_validate
import pytest
import yaml
from jsonschema import Draft7Validator

from refapp.headers import SECURITY_HEADERS

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
sys.path.insert(0, str(DEPLOY))

from local import render_template  # noqa: E402

K8S_VERSION = "1.33.0"


def k8s_documents() -> list[dict]:
    docs = []
    for path in sorted((DEPLOY / "k8s").glob("*.yaml")):
        docs += [d for d in yaml.safe_load_all(path.read_text(encoding="utf-8")) if d]
    return docs


@pytest.mark.parametrize("doc", k8s_documents(), ids=lambda d: f"{d['kind']}/{d['metadata']['name']}")
def test_kubernetes_manifests_validate_strictly(doc):
    kubernetes_validate.validate(doc, K8S_VERSION, strict=True)


def test_kubernetes_has_a_deployment_with_readiness_on_readyz_a_service_and_a_cpu_hpa():
    by_kind = {d["kind"]: d for d in k8s_documents()}
    deployment, service, hpa = by_kind["Deployment"], by_kind["Service"], by_kind["HorizontalPodAutoscaler"]
    container = deployment["spec"]["template"]["spec"]["containers"][0]
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert deployment["spec"]["template"]["spec"]["securityContext"]["runAsNonRoot"] is True
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    assert service["spec"]["selector"].items() <= labels.items()
    port_names = {p["name"] for p in container["ports"]}
    assert all(p["targetPort"] in port_names for p in service["spec"]["ports"])
    assert hpa["spec"]["scaleTargetRef"]["name"] == deployment["metadata"]["name"]
    assert [m["resource"]["name"] for m in hpa["spec"]["metrics"]] == ["cpu"]
    assert container["resources"]["requests"]["cpu"]  # an HPA on CPU needs a request to compare with


def compose() -> dict:
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text(encoding="utf-8"))


def test_compose_file_validates_against_the_compose_specification():
    schema_text = resources.files("check_jsonschema.builtin_schemas.vendor").joinpath("compose-spec.json")
    schema = json.loads(schema_text.read_text(encoding="utf-8"))
    errors = sorted(Draft7Validator(schema).iter_errors(compose()), key=str)
    assert not errors, [f"{list(e.absolute_path)}: {e.message}" for e in errors[:5]]


def test_compose_proxy_balances_over_every_replica_and_waits_for_readiness():
    services = compose()["services"]
    replicas = [name for name in services if name.startswith("refapp-")]
    assert len(replicas) >= 2
    upstreams = services["proxy"]["environment"]["REFAPP_UPSTREAM_SERVERS"]
    assert sorted(re.findall(r"server (refapp-\d+):8000", upstreams)) == sorted(replicas)
    for name in replicas:
        assert "/readyz" in " ".join(services[name]["healthcheck"]["test"])
        assert services["proxy"]["depends_on"][name]["condition"] == "service_healthy"


def test_containerfile_builds_the_index_and_runs_unprivileged_with_a_health_check():
    text = (DEPLOY / "Containerfile").read_text(encoding="utf-8")
    app_stage = text.split(" AS proxy")[0]
    assert "refapp build-index" in app_stage and "refapp ingest --check" in app_stage
    user = re.findall(r"^USER (\S+)", app_stage, flags=re.M)
    assert user and not user[-1].startswith(("0", "root"))
    assert "HEALTHCHECK" in app_stage and "/healthz" in app_stage
    copied = set(re.findall(r"^COPY (\S+) ", app_stage, flags=re.M))
    for package in ("corpus", "engine", "index", "refapp"):
        assert package in copied
    template = (DEPLOY / "nginx" / "refapp.conf.template").read_text(encoding="utf-8")
    templates = set(re.findall(r"\$\{(REFAPP_[A-Z_]+)\}", template))
    proxy_env = set(re.findall(r"(REFAPP_[A-Z_]+)=", text.split(" AS proxy")[1]))
    assert templates <= proxy_env, templates - proxy_env


def test_nginx_adds_the_apps_security_headers_to_what_it_answers_itself():
    text = (DEPLOY / "nginx" / "security-headers.conf").read_text(encoding="utf-8")
    found = dict(re.findall(r'^add_header (\S+) "([^"]*)" always;', text, flags=re.M))
    assert found == SECURITY_HEADERS


def rendered(tmp_path: Path) -> Path:
    site = render_template(
        (DEPLOY / "nginx" / "refapp.conf.template").read_text(encoding="utf-8"),
        REFAPP_UPSTREAM_SERVERS="server 127.0.0.1:8001 max_fails=2 fail_timeout=5s;",
        REFAPP_LISTEN="127.0.0.1:8080",
        REFAPP_STATIC_ROOT=str(tmp_path),
        REFAPP_RATE="20",
        REFAPP_BURST="40",
        REFAPP_SNIPPETS=str(DEPLOY / "nginx"),
    )
    (tmp_path / "refapp.conf").write_text(site, encoding="utf-8")
    main = tmp_path / "nginx.conf"
    main.write_text(
        f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\nevents {{}}\n"
        f"http {{ include /etc/nginx/mime.types; include {tmp_path}/refapp.conf; }}\n",
        encoding="utf-8",
    )
    return main


def test_the_template_renders_every_placeholder_and_keeps_nginx_variables(tmp_path):
    text = (rendered(tmp_path).parent / "refapp.conf").read_text(encoding="utf-8")
    assert "${" not in text and "$binary_remote_addr" in text and "$request_id" in text
    with pytest.raises(KeyError):
        render_template("listen ${REFAPP_LISTEN};")


NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)


@pytest.mark.skipif(NGINX is None, reason="nginx not installed")
def test_nginx_accepts_the_rendered_configuration(tmp_path):
    result = subprocess.run(
        [NGINX, "-t", "-c", str(rendered(tmp_path)), "-p", str(tmp_path)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


def test_nginx_drops_an_idle_replica_connection_before_the_replica_does():
    """A request sent on a connection the replica is closing fails ("upstream prematurely closed")
    and counts against a healthy replica: nginx's idle limit must be below the replica's."""
    from refapp.commands.web import gunicorn_argv

    argv = gunicorn_argv("127.0.0.1", 8000, 2, debug=False, max_requests=0)
    replica_s = int(argv[argv.index("--keep-alive") + 1])
    template = (ROOT / "deploy" / "nginx" / "refapp.conf.template").read_text(encoding="utf-8")
    upstream = re.search(r"upstream refapp \{(.*?)\n\}", template, re.S).group(1)
    nginx_s = int(re.search(r"^\s*keepalive_timeout (\d+)s;", upstream, re.M).group(1))
    assert 0 < nginx_s < replica_s
