"""Session 38's read-only review (review38) found these confident wrongs in the pydantic model
(interp/pydvalid.py, kept at the merge of wildfix38a and wildfix38b): each probe is run in torch
and by driftcheck; driftcheck's count is torch's or unknown, never another number."""

from __future__ import annotations

import json
import runpy
import subprocess
import sys

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("pydantic")

PROBES = {
    # validate_default through Field(...): the default goes through the validator (8)
    "field_validate_default": """
import torch.nn as nn
from pydantic import BaseModel, Field, field_validator
class C(BaseModel):
    h: int = Field(default=4, validate_default=True)
    @field_validator("h")
    @classmethod
    def dbl(cls, v):
        return v * 2
model = nn.Linear(C().h, 1, bias=False)
""",
    # validate_default through the model config
    "config_validate_default": """
import torch.nn as nn
from pydantic import BaseModel, ConfigDict, field_validator
class C(BaseModel):
    model_config = ConfigDict(validate_default=True)
    h: int = 4
    @field_validator("h")
    @classmethod
    def dbl(cls, v):
        return v * 2
model = nn.Linear(C().h, 1, bias=False)
""",
    # two before model validators: pydantic runs the last defined first ((3 + 1) * 2 = 8)
    "model_before_order": """
import torch.nn as nn
from pydantic import BaseModel, model_validator
class C(BaseModel):
    h: int = 4
    @model_validator(mode="before")
    @classmethod
    def first(cls, d):
        d = dict(d); d["h"] = d["h"] * 2; return d
    @model_validator(mode="before")
    @classmethod
    def second(cls, d):
        d = dict(d); d["h"] = d["h"] + 1; return d
model = nn.Linear(C(h=3).h, 1, bias=False)
""",
}


@pytest.mark.parametrize("name", sorted(PROBES))
def test_pydantic_probe_torch_or_unknown(tmp_path, name):
    path = tmp_path / f"{name}.py"
    path.write_text(PROBES[name])
    want = sum(p.numel() for p in runpy.run_path(str(path))["model"].parameters())
    out = subprocess.run(
        [sys.executable, "-m", "driftcheck", "check", str(path), "--format", "json"],
        capture_output=True,
        text=True,
    )
    assert out.returncode in (0, 1), out.stderr[-400:]
    got = [m.get("params_total") for m in json.loads(out.stdout).get("models", {}).values()]
    assert got and all(g in (None, want) for g in got), (got, want)
