"""gymnasium spaces' ``sample()`` as a table: an array of the space's shape, values unknown.

A features extractor sizes its first linear layer by running its convolutions once on a sample
of the observation space (stable-baselines3's documented recipe:
``self.cnn(torch.as_tensor(observation_space.sample()[None]).float()).shape[1]``). Only the
sample's shape matters there; gymnasium draws it through numpy's random generator, which the
interpreter does not follow. The spaces' other methods and attributes are read from gymnasium's
source as before (``shape`` included: ``Box.sample`` here reads it through the instance).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from driftcheck.parsers.source.values.abstract import Tensor, Unknown, plain


def _shaped_sample(interp: Any, space: Any, args: list, kwargs: dict, loc: tuple) -> Any:
    """``Box.sample()``: an array of ``space.shape``."""
    if args or kwargs:
        return Unknown(f"sample() with a mask or probabilities at {loc[0]}:{loc[1]}")
    shape = plain(interp.attrs.getattr(space, "shape"))
    if isinstance(shape, (tuple, list)) and all(
        isinstance(plain(d), int) and not isinstance(plain(d), bool) and plain(d) >= 0
        for d in shape
    ):
        return Tensor(tuple(plain(d) for d in shape))
    return Unknown(f"sample() of a space of unknown shape at {loc[0]}:{loc[1]}")


# (module, class, method) -> what a call does, given (interp, instance, args, kwargs, loc)
METHODS = {
    ("gymnasium.spaces.box", "Box", "sample"): _shaped_sample,
}


@dataclass(frozen=True)
class LibraryMethod:
    """A method of a library class read from this table instead of its source; bound to the
    instance on attribute access (``interp/attrs.py`` ``bind``)."""

    fn: Any
    library_method: ClassVar[bool] = True

    def bound_to(self, inst: Any) -> BoundLibraryMethod:
        return BoundLibraryMethod(self.fn, inst)


@dataclass(frozen=True)
class BoundLibraryMethod:
    fn: Any
    inst: Any
    library_call: ClassVar[bool] = True  # called through ``call`` (objmodel.Calls.call)

    def call(self, interp: Any, args: list, kwargs: dict, loc: tuple) -> Any:
        return self.fn(interp, self.inst, args, kwargs, loc)


def method(modname: str, clsname: str, name: str) -> LibraryMethod | None:
    fn = METHODS.get((modname, clsname, name))
    return LibraryMethod(fn) if fn is not None else None
