"""Session 28, lead: a register() site in a package file the analyzer cannot read as a module."""

from __future__ import annotations

import textwrap

from driftcheck.parsers.source import parse_source
from tests.model_count_support import torch_count


def test_a_register_site_in_an_unreadable_file_is_an_honest_unknown(tmp_path) -> None:
    """A package file whose name is no module name (``extra-regs.py``) holds ``Mixer.register``:
    the analyzer cannot tell whether it runs, so ``isinstance(p, Mixer)`` is unknown. The site
    used to raise inside the analyzer (its placeholder node had no line): the statement was
    "not interpreted (AttributeError ...)", the answer unknown for the wrong reason."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "abcs.py").write_text(
        "from abc import ABCMeta\n\n\nclass Mixer(metaclass=ABCMeta):\n    pass\n"
    )
    (pkg / "extra-regs.py").write_text(
        "import torch.nn as nn\nfrom pkg.abcs import Mixer\n\nMixer.register(nn.Linear)\n"
    )
    model = pkg / "model.py"
    model.write_text(
        textwrap.dedent(
            """
            import torch.nn as nn
            from pkg.abcs import Mixer


            class M(nn.Module):
                def __init__(self):
                    super().__init__()
                    layers = [nn.Linear(8, 8), nn.LayerNorm(8)]
                    self.keep = nn.ModuleList(p for p in layers if not isinstance(p, Mixer))


            model = M()
            """
        )
    )
    graph = parse_source(model)
    notes = " ".join(graph.notes) if hasattr(graph, "notes") else ""
    assert "AttributeError" not in notes, notes
    got = graph.params_total()
    assert got is None or got == torch_count(model, root="model", sys_path=tmp_path), got


_PROPERTY_CALL = """
import torch.nn as nn


class M(nn.Module):
    def _get(self):
        return self._w

    def _set(self, v):
        self._w = 2 * v

    w = {binding}

    def __init__(self):
        super().__init__()
        self.w = 5
        self.l = nn.Linear(self.w, 2)
"""


def _count(tmp_path, code: str) -> tuple[int | None, int]:
    path = tmp_path / "model.py"
    path.write_text(code)
    return parse_source(path, entry="M").params_total(), torch_count(path, root="M")


def test_a_write_over_a_property_call_with_a_setter_is_no_plain_store(tmp_path) -> None:
    """``w = property(_get, _set)``: ``self.w = 5`` runs the setter (torch: Linear(10, 2), 22
    parameters). Found by wildfix28b on main: the write was stored plainly (12, no note)."""
    got, want = _count(tmp_path, _PROPERTY_CALL.format(binding="property(_get, _set)"))
    assert want == 22
    assert got is None, got


def test_a_write_over_a_known_class_attribute_stays_exact(tmp_path) -> None:
    """A plain class attribute (an int): the instance write is a plain store, as in Python."""
    got, want = _count(tmp_path, _PROPERTY_CALL.format(binding="3"))
    assert got == want == 12


def test_a_dataclass_field_written_in_post_init_stays_exact(tmp_path) -> None:
    """``widths: list = field(init=False)`` binds no descriptor (``dataclasses.Field`` has no
    ``__set__``): the write in ``__post_init__`` is a plain store (the first version of the rule
    above took any unknown class binding for a descriptor and lost this count)."""
    code = """
from dataclasses import dataclass, field
import torch.nn as nn


@dataclass
class Cfg:
    base: int = 4
    widths: list = field(init=False)

    def __post_init__(self):
        self.widths = [self.base * (i + 1) for i in range(3)]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        w = Cfg().widths
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip([2] + w, w))
"""
    got, want = _count(tmp_path, code)
    assert got == want, (got, want)
