"""IMP: model code Python would refuse to import, or torch would refuse to construct.

The source analyzer reads classes lazily, so code that cannot run still yields a graph. What
Python would raise is found statically (``driftcheck/parsers/source/importcheck.py``: the
module's top level replayed in order, module attributes read from the module's source) and
recorded as an ``Unknown`` node noted ``raises <Exception>: <message>`` at the line; these
checks report it with the exception and message Python gives. Such a model has no parameter
count (the unknown node makes ``params_total`` None).
"""

from __future__ import annotations

from collections.abc import Iterator

from driftcheck.verifier.base import BLOCKER, Hit, Source, check
from driftcheck.verifier.context import Context

_HEAD = "raises "
CONSTRUCTION_HEAD = "construction raises "  # importcheck.ConstructionRaise's note

_BASE_BEFORE = """import torch.nn as nn

class Net(Base):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        return self.fc(x)

class Base(nn.Module):
    pass
"""
_BASE_FIRST = """import torch.nn as nn

class Base(nn.Module):
    pass

class Net(Base):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        return self.fc(x)
"""

_CIRCULAR = """import torch.nn as nn

class A(B):
    pass

class B(A):
    pass

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        return self.fc(x)
"""

_TYPO = """import torch.nn as nn

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.{layer}(4, 2)

    def forward(self, x):
        return self.fc(x)
"""

_ALIAS = """import torch.nn as nn

Dense = nn.{layer}

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = Dense(4, 2)

    def forward(self, x):
        return self.fc(x)
"""


def _raises(ctx: Context, exc: str) -> Iterator[Hit]:
    head = f"{_HEAD}{exc}: "
    for n in ctx.graph.nodes:
        if n.type != "Unknown" or not n.notes:
            continue
        for note in n.notes:
            if note.startswith(head):
                yield ctx.hit(n, note[len(_HEAD) :], values={"exception": exc})


@check(
    "IMP001",
    "name-not-defined",
    BLOCKER,
    what="The code's top level uses a name that is not bound yet when Python runs it: a base "
    "class defined further down, two classes inheriting from each other, a typo. Importing "
    "the module raises NameError.",
    why="Python runs a module top to bottom: `class Net(Base)` evaluates `Base` at that line. "
    "The module cannot be imported, so no model is ever built from it.",
    fix="Define the base class before the classes that derive from it; break an inheritance "
    "cycle; fix the name.",
    types=("Unknown",),
    valid=[Source(_BASE_FIRST, entry="Net")],
    invalid=[Source(_BASE_BEFORE, entry="Net"), Source(_CIRCULAR, entry="Net")],
)
def name_not_defined(ctx: Context):
    yield from _raises(ctx, "NameError")


@check(
    "IMP002",
    "missing-module-attribute",
    BLOCKER,
    what="The code reads a name a module does not define (`nn.Linaer`), at import or while "
    "the model is constructed: Python raises AttributeError (module 'torch.nn' has no "
    "attribute 'Linaer'). Decided from the module's own source; a module whose names are "
    "set dynamically is never judged.",
    why="The import or the constructor fails before any layer exists.",
    fix="Use the name the module defines (`driftcheck layers` lists torch's).",
    types=("Unknown",),
    valid=[Source(_TYPO.format(layer="Linear")), Source(_ALIAS.format(layer="Linear"))],
    invalid=[Source(_TYPO.format(layer="Linaer")), Source(_ALIAS.format(layer="Linaer"))],
)
def missing_module_attribute(ctx: Context):
    yield from _raises(ctx, "AttributeError")


_MRO = """import torch.nn as nn

class Mixin(nn.Module):
    pass

class Block(nn.Linear, Mixin):
    pass

class Net({bases}):
    def __init__(self):
        super().__init__(4, 2)

    def forward(self, x):
        return super().forward(x)
"""


@check(
    "IMP003",
    "inconsistent-mro",
    BLOCKER,
    what="A class lists its bases in an order Python cannot linearize (`class Net(Mixin, "
    "Block)` where `Block` already puts `Mixin` after itself): the class statement raises "
    "TypeError: Cannot create a consistent method resolution order (MRO).",
    why="The module fails to import, so the model is never built.",
    fix="List the more derived base first (`class Net(Block, Mixin)`), or drop the base the "
    "other already provides.",
    types=("Unknown",),
    valid=[Source(_MRO.format(bases="Block, Mixin"), entry="Net")],
    invalid=[Source(_MRO.format(bases="Mixin, Block"), entry="Net")],
)
def inconsistent_mro(ctx: Context):
    yield from _raises(ctx, "TypeError")


_RAISES = """import torch.nn as nn

class Net(nn.Module):
    def __init__(self, width=10, heads={heads}):
        super().__init__()
        if width % heads:
            raise ValueError("width must divide into heads")
        {assertion}
        self.fc = nn.Linear(width, width)

    def forward(self, x):
        return self.fc(x)
"""


@check(
    "IMP004",
    "construction-raises",
    BLOCKER,
    what="Constructing the model reaches a `raise` (or an `assert` whose test is false) of "
    "the code under review, on a path decided statically, or a torch call there whose known "
    "arguments torch's own argument checks refuse: with the defaults or the config given, the "
    "model cannot be built.",
    why="`Net()` fails before any layer exists: the code and its sizes disagree. The "
    "exception, its statement and file:line are reported; a `raise` under a condition the "
    "analysis cannot decide, or in a library the code imports, is never reported here (torch's "
    "argument checks excepted: read from torch's source, each proven in torch); nor a layer a "
    "catalogue check (ATT001, LAY001...) already reports.",
    fix="Change the sizes (the defaults or the config) so that the check passes, or the check.",
    valid=[Source(_RAISES.format(heads=2, assertion="pass"), entry="Net")],
    invalid=[
        Source(_RAISES.format(heads=3, assertion="pass"), entry="Net"),
        Source(_RAISES.format(heads=2, assertion="assert width % 4 == 0"), entry="Net"),
    ],
)
def construction_raises(ctx: Context):
    caught: set[str] | None = None
    for n in ctx.graph.nodes:
        if not n.notes or n.id in ctx.claimed:
            # a layer a catalogue check (phase 0: ATT001, LAY001...) already reported carries
            # torch's refusal of the same construction (interp/torchchecks_init.place)
            continue
        if n.type != "Unknown" and any(x.startswith(CONSTRUCTION_HEAD) for x in n.notes):
            if caught is None:
                caught = _catalogue_catches(ctx)
            if n.id in caught:
                continue  # the catalogue's defect, disabled or lowered by the user: theirs
        for note in n.notes:
            if note.startswith(CONSTRUCTION_HEAD):
                exc = note[len(CONSTRUCTION_HEAD) :].split(":", 1)[0]
                yield ctx.hit(n, note, values={"exception": exc})


def _catalogue_catches(ctx: Context) -> set[str]:
    """Ids of the nodes a phase-0 catalogue check (the construction-argument blockers: ATT001,
    LAY001...) finds, whether or not this run selected it or kept it a blocker: a user who
    disabled LAY001 (or made it a warning) gets no IMP004 for the same Dropout(1.5) either
    (session 37). Asked only when a layer node carries torch's refusal and no claim."""
    from driftcheck.verifier.registry import run_order

    out: set[str] = set()
    for chk in run_order():
        if chk.phase == 0 and chk.claims and chk.severity.rank >= 3:
            out.update(h.node.id for h in chk.run(ctx) if h.node is not None)
    return out


CHECKS = [name_not_defined, missing_module_attribute, inconsistent_mro, construction_raises]
