"""Print exit code, peak RSS and wall time of ``driftcheck graph`` on every hostile serving
artifact of tests/test_serving_hostile.py (one fresh interpreter each).

    python benchmarks/serving_hostile.py
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from test_serving_hostile import make_cases, run_graph  # noqa: E402


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        cases = make_cases(Path(tmp))
        print(f"{'case':32} {'rc':>3} {'peak MB':>8} {'seconds':>8}  message")
        for name in sorted(cases):
            path, _ = cases[name]
            rc, errors, rss, secs = run_graph(path)
            msg = errors[0].replace(str(path), "<file>") if errors else ""
            print(f"{name:32} {rc:>3} {rss:>8.0f} {secs:>8.2f}  {msg[:90]}")


if __name__ == "__main__":
    main()
