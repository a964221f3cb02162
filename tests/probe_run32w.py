"""Probe runner (session 32, wrongs32; same protocol as tests/probe_run29w.py / probe_run30w.py / probe_run31w.py): torch's count vs
the analyzer's, for the file's ``model`` (read in order) and the root class ``M`` (read lazily). Prints exact /
unknown / WRONG per entry.

A probe marked ``# expect: unknown`` depends on something CPython does not fix from run to run (the order of a
set of strings follows PYTHONHASHSEED): the only right answer there is an honest unknown, so any count, even one
equal to this run's torch count, is WRONG."""

import glob
import os
import sys

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count

here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "probes32w")
files = sys.argv[1:] or sorted(glob.glob(os.path.join(here, "p[0-9]*.py")))
tally = {}
for f in files:
    with open(f) as fh:
        must_be_unknown = "# expect: unknown" in fh.read()
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
        if must_be_unknown:
            v = "unknown" if got is None else "WRONG"
        else:
            v = "exact" if got == want else ("unknown" if got is None else "WRONG")
        tally[v] = tally.get(v, 0) + 1
        note = f" note={notes[0][:160]!r}" if v != "exact" and notes else ""
        out.append(f"{root}:{v}({got} vs {want}){note}")
    print(os.path.basename(f), " | ".join(out), flush=True)
print("TALLY", tally)
