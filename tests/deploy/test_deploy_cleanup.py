"""`make deploy-test` leaves nothing in the temporary folder (its folder held about 27 MB of
builds, data and logs): not after a pass, a failure, an exception, Ctrl-C or SIGTERM."""

from __future__ import annotations

import argparse
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "deploy"))

import deploy_test  # noqa: E402
from local import work_folder  # noqa: E402


def test_the_folder_is_removed_after_the_block_and_after_an_exception():
    with work_folder(prefix="refapp-cleanup-test-") as path:
        (path / "replica-1").mkdir()
        (path / "replica-1" / "log").write_text("x", encoding="utf-8")
    assert not path.exists()
    with pytest.raises(RuntimeError), work_folder(prefix="refapp-cleanup-test-") as path:
        raise RuntimeError("a replica did not start")
    assert not path.exists()


def test_keep_leaves_the_folder_for_a_post_mortem():
    with work_folder(prefix="refapp-cleanup-test-", keep=True) as path:
        pass
    try:
        assert path.is_dir()
    finally:
        path.rmdir()


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP], ids=lambda s: s.name)
def test_the_folder_is_removed_when_the_run_is_stopped_by_a_signal(signum):
    script = (
        "import sys, time\n"
        f"sys.path.insert(0, {str(ROOT / 'deploy')!r})\n"
        "from local import work_folder\n"
        "with work_folder(prefix='refapp-cleanup-test-') as path:\n"
        "    (path / 'data').write_text('x')\n"
        "    print(path, flush=True)\n"
        "    time.sleep(60)\n"
    )
    # Ctrl-C as from a terminal: a run started in the background (`cmd &`, nohup) inherits SIGINT
    # ignored, and Python then never turns it into KeyboardInterrupt
    proc = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    path = Path(proc.stdout.readline().strip())
    assert (path / "data").exists()
    proc.send_signal(signum)
    proc.wait(timeout=30)
    assert not path.exists()


def test_a_deploy_test_run_that_fails_early_leaves_no_folder(monkeypatch, capsys):
    seen: list[Path] = []

    def failing_build(work: Path, name: str) -> Path:
        seen.append(work)
        raise RuntimeError("build-index failed")

    monkeypatch.setattr(deploy_test, "build_artifact", failing_build)
    args = argparse.Namespace(keep=False, replicas=3)
    with pytest.raises(RuntimeError):
        deploy_test.run(args)
    assert seen and not seen[0].exists()
