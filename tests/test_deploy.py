"""What a host installs beside Brehon: the systemd unit (deploy/brehon.service)."""

from __future__ import annotations

import configparser
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
UNIT = ROOT / "deploy" / "brehon.service"
#: Where the unit expects the installed command.
INSTALLED = "/usr/local/bin/brehon"


def unit() -> configparser.ConfigParser:
    parsed = configparser.ConfigParser(interpolation=None, strict=False)
    parsed.optionxform = str  # type: ignore[assignment,method-assign]  # systemd's keys are case-sensitive
    parsed.read_string(UNIT.read_text())
    return parsed


def test_the_unit_runs_brehon_serve_as_its_own_user_on_its_data_and_restarts_it():
    service = unit()["Service"]
    assert service["User"] == "brehon" and service["StateDirectory"] == "brehon"
    assert service["ExecStart"].split() == [INSTALLED, "serve", "--host", "127.0.0.1", "--port", "8000",
                                             "--data", "/var/lib/brehon"]
    assert service["Environment"] == "BREHON_PROXIES=1"  # the proxy in front that the README has
    assert service["Restart"] == "on-failure"
    assert unit()["Install"]["WantedBy"] == "multi-user.target"


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not on this machine")
def test_systemd_accepts_the_unit(tmp_path):
    # verify also checks that ExecStart can run: point it at this checkout's brehon.
    brehon = Path(sys.executable).with_name("brehon")
    copy = tmp_path / "brehon.service"
    copy.write_text(UNIT.read_text().replace(INSTALLED, str(brehon)))
    done = subprocess.run(["systemd-analyze", "verify", str(copy)], capture_output=True, text=True)
    assert (done.returncode, done.stdout + done.stderr) == (0, "")
