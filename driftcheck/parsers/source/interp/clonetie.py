"""``copy.deepcopy(module)`` keeps what is shared inside the tree shared (``items.clone_module``).

Python's deepcopy memo copies an object met twice once: torch's deep copy of a language model
whose output layer holds the embedding's weight (``to_logits.weight = token_emb.weight``) has
the copy's output layer hold the *copy's* embedding weight, one parameter. The clone kept the
tie pointing at the original embedding, outside the copied tree, so the copy's embedding and
its output weight were counted apart (palm-rlhf's ``RewardModel(copy.deepcopy(palm))``: a
confident wrong count). Here: the copy's parameters of one original tensor are one tensor,
and each tie is pointed at the copy of its owner once the whole tree is copied. A tie to a
module outside the copied tree is dropped: deepcopy copies that parameter too, so the copy
holds a parameter of its own (counted, as torch counts it).
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.values.abstract import Leaf, Obj, Tensor, Unknown, WeightRef

_PAIRS = "__clone_pairs__"  # memo key: the (original, copy) modules of one deep copy


def note(memo: dict, orig: Any, copy: Any) -> None:
    """Remember a copied module, for ``retie`` once the whole tree is copied."""
    if isinstance(orig, (Leaf, Obj)):
        memo.setdefault(_PAIRS, []).append((orig, copy))


def param(memo: dict, p: Any, owner: Obj, name: str) -> Any:
    """The copy of a module's parameter ``p``: one copy per original tensor."""
    if isinstance(p, Tensor):
        got = memo.get(id(p))
        if got is None:
            got = memo[id(p)] = Tensor(p.shape, param=True, owner=owner, name=name)
        return got
    return p


def retie(memo: dict) -> None:
    """Point each copied tie at the copy of the module it names (see the module docstring)."""
    for orig, copy in memo.pop(_PAIRS, ()):
        if isinstance(orig, Leaf) and isinstance(copy, Leaf) and orig.tied:
            copy.tied = {
                w: (memo[id(owner)], oname)
                for w, (owner, oname) in orig.tied.items()
                if id(owner) in memo
            }
        elif isinstance(orig, Obj) and isinstance(copy, Obj):
            for k, p in copy.params.items():
                if isinstance(p, WeightRef) and id(p.owner) in memo:
                    copy.params[k] = WeightRef(memo[id(p.owner)], p.name)
                elif isinstance(p, WeightRef):  # outside the tree: deepcopy copies it too
                    copy.params[k] = Tensor(_shape_of(p), param=True, owner=copy, name=k)


def _shape_of(ref: WeightRef) -> Any:
    """The shape of the parameter ``ref`` names (its own copy is made): the catalogue's for a
    layer, the tensor's for a module's own parameter; unknown otherwise (never a guess)."""
    from driftcheck.parsers.source.interp.leafregs import catalogue_weights

    owner = ref.owner
    if isinstance(owner, Leaf):
        got = (catalogue_weights(owner) or {}).get(ref.name)
        if got is not None:
            return got
    elif isinstance(owner, Obj):
        t = owner.params.get(ref.name)
        if isinstance(t, Tensor):
            return t.shape
    return Unknown(f"the shape of {ref.name} copied by copy.deepcopy")
