"""Review of ``dataflow_window`` (review18): a causal mask is no sliding window.

``(k - q) < 1`` (the key's position minus the query's) keeps every key at or before the query:
torch's ``tril``, a plain causal mask. The band-mask reader took it as a window of 1, so a
config with ``sliding_window = 4096`` got a finding "slidingWindow is 1 in the code". A
window under 2 is now never read (one key, the diagonal, is no window in either direction).
"""

from __future__ import annotations

import runpy

import pytest

from driftcheck.drift import load_sides
from tests.drift_support import config, run, write
from tests.test_drift18_window import CODE, MISTRAL

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")


@pytest.mark.parametrize(
    "mask", ["(pos[None, :] - pos[:, None]) < 1", "1 > pos[None, :] - pos[:, None]"]
)
def test_causal_mask_is_no_window(tmp_path, mask):
    causal = (
        "def causal(t):\n"
        "    pos = torch.arange(t)\n"
        f"    return torch.logical_and(torch.ones(t, t, dtype=torch.bool), {mask})\n\n\n"
    )
    src = CODE.format(span=8, band="dist >= 0").replace("attn_mask=band(t)", "attn_mask=causal(t)")
    code = write(tmp_path, "causal.py", src.replace("class Layer", causal + "class Layer"))
    ns = runpy.run_path(str(code))
    assert torch.equal(ns["causal"](6), torch.ones(6, 6, dtype=torch.bool).tril())
    _, path = config(tmp_path, "w", "MistralConfig", sliding_window=4096, **MISTRAL)
    uses = load_sides(str(code), str(path)).left.uses
    assert not [u for u in uses if u.key == "slidingWindow"], uses
    assert not [f for f in run(code, path) if f.values.get("left") == 1]
