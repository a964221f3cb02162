"""Probe runner (session 30, wrongs30; same protocol as tests/probe_run29w.py): torch's count vs the analyzer's, for the file's ``model``
(read in order) and the root class ``M`` (read lazily). Prints exact / unknown / WRONG per entry."""

import glob
import os
import sys

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count

here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "probes30w")
files = sys.argv[1:] or sorted(glob.glob(os.path.join(here, "p[0-9]*.py")))
tally = {}
for f in files:
    out = []
    for entry, root in ((None, "model"), ("M", "M")):
        try:
            want = torch_count(f, root=root)
        except Exception as e:  # noqa: BLE001
            out.append(f"{root}: torch error {e!r}")
            continue
        try:
            g = parse_source(f, entry=entry)
            got = g.params_total()
            notes = [str(n) for n in g.notes]
        except Exception as e:  # noqa: BLE001
            got, notes = f"CRASH {e!r}"[:200], []
        v = "exact" if got == want else ("unknown" if got is None else "WRONG")
        tally[v] = tally.get(v, 0) + 1
        note = f" note={notes[0][:160]!r}" if v != "exact" and notes else ""
        out.append(f"{root}:{v}({got} vs {want}){note}")
    print(os.path.basename(f), " | ".join(out), flush=True)
print("TALLY", tally)
