"""`driftcheck compare CONFIG MANIFEST` runs the serving engines' rules next to the matcher."""

import json

from tests.conftest import ROOT, run_cli

SERVING = ROOT / "examples" / "serving"


def test_compare_reports_serving_rules_once():
    r = run_cli(
        "compare", str(SERVING / "config.json"), str(SERVING / "vllm-serve.sh"), "--format", "json"
    )
    assert r.returncode == 1, r.stderr
    found = json.loads(r.stdout)["findings"]
    ids = [f["check_id"] for f in found]
    assert {"SRV001", "SRV002", "SRV003"} <= set(ids)
    srv001 = next(f for f in found if f["check_id"] == "SRV001")
    assert srv001["values"] == {"left": 4096, "right": 8192}
    # the matcher's context-length finding states the same two values: it is not repeated
    same = [f for f in found if f["values"] == srv001["values"]]
    assert len(same) == 1


def test_compare_order_does_not_matter_for_serving_rules():
    r = run_cli(
        "compare", str(SERVING / "vllm-serve.sh"), str(SERVING / "config.json"), "--format", "json"
    )
    assert r.returncode == 1, r.stderr
    srv = next(f for f in json.loads(r.stdout)["findings"] if f["check_id"] == "SRV001")
    assert srv["values"] == {"left": 8192, "right": 4096}
