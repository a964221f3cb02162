"""The static core must not import torch or transformers."""

import subprocess
import sys

HEAVY = ("torch", "transformers")


def _loaded_after(stmt: str) -> set[str]:
    code = f"import sys; {stmt}; print(','.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(out.stdout.strip().split(","))


def test_core_imports_stay_light():
    mods = _loaded_after(
        "import driftcheck, driftcheck.graph, driftcheck.cli, driftcheck.parsers;"
        "from driftcheck.graph import catalogue; catalogue.layers(); catalogue.blocks()"
    )
    for heavy in HEAVY:
        assert heavy not in mods, f"{heavy} imported by the static core"


def test_graph_command_on_example_stays_light(tmp_path):
    code = (
        "import sys; from driftcheck.cli import main; "
        "rc = main(['graph', 'examples/tiny_mlp.graph.json', '--format', 'json']); "
        "import sys as s; print('HEAVY' if any(m in s.modules for m in ('torch','transformers')) else 'LIGHT', file=s.stderr)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stderr.strip().endswith("LIGHT"), out.stderr
