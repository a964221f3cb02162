"""Session 40 (wildfix40a): constructs behind wild dev unknowns on code nobody tuned on, each
probe counted by torch (meta device) and by driftcheck: torch's count, or unknown where a note
says why; never another number.

- fresh37 rlcard (3 dev files): an env registry read (``rlcard.make("uno")``) beside a second
  registry whose forwarding function has the same name (``rlcard.models``' ``register``), in a
  package the import walk marks "may be imported" (a computed ``importlib.import_module``):
  the other registry's calls made the env registry's whole key set unknown.
- fresh25 tee_pairwise_widths: ``a, b = itertools.tee(widths); next(b, None); zip(a, b)``."""

from __future__ import annotations

import textwrap

import pytest

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count

pytest.importorskip("torch")


def _count(tmp_path, code: str, files: dict):
    for name, text in files.items():
        p = tmp_path / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(text))
    path = tmp_path / "model.py"
    path.write_text(textwrap.dedent(code))
    got = parse_source(path).params_total()
    want = torch_count(path, root="model", sys_path=tmp_path if files else None)
    return got, want


_ENV_REG = """
import importlib


class EnvSpec:
    def __init__(self, env_id, entry_point):
        self.env_id = env_id
        mod_name, cls_name = entry_point.split(":")
        self._entry = getattr(importlib.import_module(mod_name), cls_name)

    def make(self):
        return self._entry()


class EnvRegistry:
    def __init__(self):
        self.env_specs = {}

    def register(self, env_id, entry_point):
        if env_id in self.env_specs:
            raise ValueError(env_id)
        self.env_specs[env_id] = EnvSpec(env_id, entry_point)

    def make(self, env_id):
        return self.env_specs[env_id].make()


registry = EnvRegistry()


def register(env_id, entry_point):
    return registry.register(env_id, entry_point)


def make(env_id):
    return registry.make(env_id)
"""
_MODEL_REG = """
import importlib


class ModelRegistry:
    def __init__(self):
        self.model_specs = {}

    def register(self, model_id, entry_point):
        self.model_specs[model_id] = entry_point

    def load(self, model_id):
        mod_name, cls_name = self.model_specs[model_id].split(":")
        return getattr(importlib.import_module(mod_name), cls_name)()


model_registry = ModelRegistry()


def register(model_id, entry_point):
    return model_registry.register(model_id, entry_point)
"""


def _zoo(models_init: str, extra: dict | None = None) -> dict:
    files = {
        "zoo/__init__.py": "from zoo.envs import make\n",
        "zoo/envs/__init__.py": (
            "from zoo.envs.registration import register, make\n\n"
            'register(env_id="small", entry_point="zoo.envs.small:SmallEnv")\n'
            'register(env_id="big", entry_point="zoo.envs.big:BigEnv")\n'
        ),
        "zoo/envs/registration.py": _ENV_REG,
        "zoo/envs/small.py": "class SmallEnv:\n    def __init__(self):\n        self.width = 3\n",
        "zoo/envs/big.py": "class BigEnv:\n    def __init__(self):\n        self.width = 30\n",
        "zoo/models/__init__.py": models_init,
        "zoo/models/registration.py": _MODEL_REG,
        "zoo/models/rules.py": "class SmallRule:\n    pass\n",
    }
    files.update(extra or {})
    return files


_MODELS_KW = (
    "from zoo.models.registration import register\n\n"
    'register(model_id="small-rule", entry_point="zoo.models.rules:SmallRule")\n'
    'register(model_id="small", entry_point="zoo.models.rules:SmallRule")\n'
)
_MODELS_POS = (
    "from zoo.models import registration\n\n"
    'registration.register("small", "zoo.models.rules:SmallRule")\n'
    'registration.register("big", "zoo.models.rules:SmallRule")\n'
)
_MAKE = 'import torch.nn as nn\nimport zoo\n\nenv = zoo.make("{key}")\nmodel = nn.Linear(env.width, 2)\n'
_LEN = (
    "import torch.nn as nn\nimport zoo\nfrom zoo.envs.registration import registry\n\n"
    "model = nn.Linear(len(registry.env_specs), 2)\n"
)
_ITEM = (
    "import torch.nn as nn\nimport zoo.envs\n\n"
    'model = nn.Linear(zoo.envs.registration.registry.env_specs["big"].make().width, 2)\n'
)
# an extra module nobody imports that registers into the env registry: may run or not (the
# walk meets a computed import_module): unknown or torch's count
_EXTRA = {
    "zoo/extra.py": (
        "from zoo.envs.registration import register\n"
        'register(env_id="extra", entry_point="zoo.envs.big:BigEnv")\n'
    )
}

# 553dd66e made these exact by reading another module's same-named ``register`` as "not ours";
# review40 H7 found that reading drops a real forwarder inside the registry's own package (a
# confident 4 where torch builds 6), so the lead reverted it: these stay honest unknowns until a
# reading tells a forwarder (its body calls into this registry) from an unrelated function
CASES = {
    "make_kw_models": (_MAKE.format(key="small"), _zoo(_MODELS_KW), "exact_or_unknown"),
    "make_pos_models": (_MAKE.format(key="big"), _zoo(_MODELS_POS), "exact_or_unknown"),
    "len_kw_models": (_LEN, _zoo(_MODELS_KW), "exact_or_unknown"),
    "item_kw_models": (_ITEM, _zoo(_MODELS_KW), "exact_or_unknown"),
    "len_with_extra": (_LEN, _zoo(_MODELS_KW, _EXTRA), "exact_or_unknown"),
    "make_with_extra": (_MAKE.format(key="small"), _zoo(_MODELS_KW, _EXTRA), "exact_or_unknown"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_two_registries_same_forwarder_name(tmp_path, name):
    code, files, expect = CASES[name]
    got, want = _count(tmp_path, code, files)
    if expect == "exact":
        assert got == want, (name, got, want)
    else:
        assert got in (None, want), (name, got, want)


# ---- fresh25 tee_pairwise_widths: ``itertools.tee`` copies of one iterator
TEES = {
    "tee_iter_next": (
        "from itertools import tee\nimport torch.nn as nn\n"
        "widths = iter([20, 40, 40, 10, 1])\na, b = tee(widths)\nnext(b, None)\n"
        "model = nn.Sequential(*[nn.Linear(i, o) for i, o in zip(a, b)])\n",
        "exact",
    ),
    "tee_list_three": (
        "import itertools\nimport torch.nn as nn\n"
        "a, b, c = itertools.tee([8, 16, 4, 2], 3)\nnext(b)\nnext(c)\nnext(c)\n"
        "model = nn.ModuleList(nn.Bilinear(i, j, k) for i, j, k in zip(a, b, c))\n",
        "exact",
    ),
    "tee_of_tee_range": (
        "from itertools import tee\nimport torch.nn as nn\n"
        "a, b = tee(range(3, 9, 2))\nb, c = tee(b)\nnext(c)\n"
        "layers = [nn.Linear(i, o) for i, o in zip(a, c)]\n"
        "layers += [nn.Linear(w, 1) for w in b]\nmodel = nn.Sequential(*layers)\n",
        "exact",
    ),
    "tee_of_generator": (
        "from itertools import tee\nimport torch.nn as nn\n"
        "def gen():\n    yield from (5, 7, 9)\n"
        "a, b = tee(gen())\nnext(b)\n"
        "model = nn.Sequential(*[nn.Linear(i, o) for i, o in zip(a, b)])\n",
        "exact_or_unknown",
    ),
}


@pytest.mark.parametrize("name", sorted(TEES))
def test_tee_copies(tmp_path, name):
    code, expect = TEES[name]
    got, want = _count(tmp_path, code, {})
    if expect == "exact":
        assert got == want, (name, got, want)
    else:
        assert got in (None, want), (name, got, want)


# review40 H7: a second forwarder inside the registry's own package (regpkg/helpers.py's
# ``register`` calls into the registry): torch registers both, 6 parameters; never 4
_H7_REG = (
    "class Registry:\n    def __init__(self):\n        self.specs = {}\n\n"
    "    def register(self, name, width):\n        self.specs[name] = width\n\n"
    "registry = Registry()\n\ndef register(name, width):\n    return registry.register(name, width)\n"
)
H7 = {
    "fwd_in_pkg_plain": "from regpkg import helpers\nhelpers.register('q', 3)\n",
    "fwd_in_pkg_fromimport": pytest.param(
        "from regpkg.helpers import register\nregister('q', 3)\n",
        marks=pytest.mark.xfail(
            strict=True,
            reason="pre-existing confident wrong (4 at ed857332 too): ``from regpkg.helpers import "
            "register`` names the registration module's ``register`` for the walk, so helpers' "
            "forwarder is not followed; open (session 40 closing note)",
        ),
    ),
}


@pytest.mark.parametrize("extra", list(H7.values()), ids=list(H7))
def test_second_forwarder_in_the_registry_package(tmp_path, extra):
    files = {
        "regpkg/__init__.py": "from regpkg import a\nfrom regpkg import extra\n",
        "regpkg/registration.py": _H7_REG,
        "regpkg/a.py": "from regpkg.registration import register\nregister('a', 1)\n",
        "regpkg/helpers.py": (
            "from regpkg.registration import registry\n\n"
            "def register(name, width):\n    registry.register(name, width)\n"
        ),
        "regpkg/extra.py": extra,
    }
    code = (
        "import torch.nn as nn\nimport regpkg\nfrom regpkg.registration import registry\n"
        "model = nn.Linear(len(registry.specs), 2)\n"
    )
    got, want = _count(tmp_path, code, files)
    assert want == 6
    assert got in (None, want), (extra, got, want)
