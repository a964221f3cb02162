"""Replaying a tape (``dataflow_tape``) against another module's call: decoding recorded
arguments into this call's objects, matching the pass state's live results against the
recorded ones under a one-to-one renaming of node ids and symbol ids, and compacting a tape
so that replay registers only the objects a later call refers to again.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.dataflow_ops import Pieces
from driftcheck.parsers.source.dataflow_tape import Mismatch
from driftcheck.parsers.source.dataflow_values import (
    CfgV,
    Mod,
    Multi,
    ShapeOf,
    Sym,
    Tens,
    UserFunc,
)


class Player:
    """Decoding and matching one tape against another module's call (the replay side)."""

    def __init__(self, mods: list[Any], pins: list[Any], start_uid: int) -> None:
        from driftcheck.parsers.source import dataflow_values

        self.mods = mods
        self.pins = pins
        self.start_uid = start_uid
        self.objs: list[Any] = []
        self.seen: set[int] = set()
        self.ids: dict[str, str] = {}
        self.ids_back: dict[str, str] = {}
        self.uids: dict[int, int] = {}
        self.uids_back: dict[int, int] = {}
        self.synced: list[tuple[Tens, Any, Any]] = []  # (tensor, src, shape) before replay set it
        self.alive: list[Any] = []
        self.states: dict[int, Any] = {}  # slot -> the recorded state the tensor has now
        self.inputs = True
        self._next_uid = dataflow_values._ids

    # ------------------------------------------------------------------ names
    def name(self, e: Any, live: Any) -> None:
        """Recorded node id ``e`` (encoded) is ``live`` here: one to one, or a mismatch."""
        if e is None or live is None:
            if e is not live:
                raise Mismatch("node id")
            return
        rec = e[1]
        have = self.ids.get(rec)
        if have is None:
            if live in self.ids_back:
                raise Mismatch("node id")
            self.ids[rec] = live
            self.ids_back[live] = rec
        elif have != live:
            raise Mismatch("node id")

    def ident(self, e: Any) -> Any:
        if e is None:
            return None
        have = self.ids.get(e[1])
        if have is None:
            raise Mismatch("unmapped node id")
        return have

    def uid(self, rec: int) -> int:
        have = self.uids.get(rec)
        if have is None:
            have = next(self._next_uid)
            self.uids[rec] = have
            self.uids_back[have] = rec
        return have

    def match_uid(self, rec: int, live: int) -> None:
        have = self.uids.get(rec)
        if have is None:
            if live in self.uids_back:
                raise Mismatch("uid")
            self.uids[rec] = live
            self.uids_back[live] = rec
        elif have != live:
            raise Mismatch("uid")

    # ------------------------------------------------------------------ symbols and shapes
    def key(self, e: Any) -> Any:
        if e.__class__ is not tuple:
            return e
        if e[0] == "L":
            return (e[1], self.uid(e[2]), e[3], self.ident(e[4]))
        return tuple(self.key(x) for x in e[1:])

    def match_key(self, e: Any, live: Any) -> None:
        if e.__class__ is not tuple:
            if live.__class__ is not e.__class__ or live != e:
                raise Mismatch("symbol")
            return
        if live.__class__ is not tuple:
            raise Mismatch("symbol")
        if e[0] == "L":
            if len(live) != 4 or live[0] != e[1] or live[2] != e[3]:
                raise Mismatch("symbol")
            self.match_uid(e[2], live[1])
            self.name(e[4], live[3])
            return
        if len(live) != len(e) - 1:
            raise Mismatch("symbol")
        for x, y in zip(e[1:], live):
            self.match_key(x, y)

    def shape(self, e: Any) -> Any:
        if e is None:
            return None
        return tuple(Sym(self.key(d[1])) if d.__class__ is tuple else d for d in e)

    def match_shape(self, e: Any, live: Any) -> None:
        if e is None or live is None:
            if e is not live:
                raise Mismatch("shape")
            return
        if live.__class__ is not tuple or len(live) != len(e):
            raise Mismatch("shape")
        for d, x in zip(e, live):
            if d.__class__ is tuple:
                if x.__class__ is not Sym:
                    raise Mismatch("shape")
                self.match_key(d[1], x.key)
            elif x.__class__ is not d.__class__ or x != d:
                raise Mismatch("shape")

    def sync(self, t: Tens, state: tuple) -> None:
        """Give ``t`` the producer and shape it had at this point of the recording."""
        src, shape = self.ident(state[0]), self.shape(state[1])
        if t.src != src or t.shape != shape:
            self.synced.append((t, t.src, t.shape))
            t.src, t.shape = src, shape

    def undo(self) -> None:
        for t, src, shape in reversed(self.synced):
            t.src, t.shape = src, shape

    # ------------------------------------------------------------------ values
    def _slot(self, s: int, v: Any) -> Any:
        if s < 0:  # never referenced again (``compact``): identity needs no slot
            self.seen.add(id(v))
            self.alive.append(v)  # ``seen`` holds ids: the object must outlive the replay
            return v
        if s != len(self.objs):
            raise Mismatch("slot order")
        self.objs.append(v)
        self.seen.add(id(v))
        return v

    def dec(self, e: Any) -> Any:
        """The value recorded as ``e``, here (arguments the interpreter would have passed)."""
        if e.__class__ is not tuple:
            return e
        tag = e[0]
        if tag == "T":
            t = self.objs[e[1]]
            if self.states.get(e[1]) != e[2]:
                self.sync(t, e[2])
                self.states[e[1]] = e[2]
            return t
        if tag == "o":
            return self.objs[e[1]]
        if tag == "m":
            return self.mods[e[1]]
        if tag == "x":
            return self.pins[e[1]]
        if tag == "Y":
            return Sym(self.key(e[1]))
        if tag == "sl":
            return slice(self.dec(e[1]), self.dec(e[2]), self.dec(e[3]))
        if tag == "K":
            v = e[2]
            return self._slot(e[1], v if v.__class__ is tuple else v.copy())
        if tag == "Tn":
            src, shape = self.ident(e[3][0]), self.shape(e[3][1])
            t = self._slot(e[1], Tens(src, shape, uid=self.uid(e[2])))
            if e[1] >= 0:
                self.states[e[1]] = e[3]
            return t
        s = e[1]
        if tag == "tu":
            hold = self._hold(s)
            return self._fill(s, hold, tuple([self.dec(x) for x in e[2]]))
        if tag == "li":
            out: Any = self._slot(s, [])
            out.extend([self.dec(x) for x in e[2]])
            return out
        if tag == "di":
            out = self._slot(s, {})
            for k, x in e[2]:
                out[k] = self.dec(x)
            return out
        hold = self._hold(s)
        if tag == "Mu":
            return self._fill(s, hold, Multi(self.dec(e[2])))
        if tag == "Sh":
            return self._fill(s, hold, ShapeOf(self.dec(e[2])))
        if tag == "Pi":
            return self._fill(s, hold, Pieces(self.dec(e[2])))
        if tag == "Mo":
            return self._fill(s, hold, Mod(self.dec(e[2])))
        if tag == "Cf":
            return self._fill(s, hold, CfgV(self.dec(e[2])))
        if tag == "Uf":
            return self._fill(s, hold, UserFunc(self.dec(e[2]), self.dec(e[3])))
        raise Mismatch(f"tag {tag}")

    def _hold(self, s: int) -> int:
        if s < 0:
            return s
        if s != len(self.objs):
            raise Mismatch("slot order")
        self.objs.append(None)
        return s

    def _fill(self, s: int, hold: int, v: Any) -> Any:
        if hold >= 0:
            self.objs[hold] = v
        else:
            self.alive.append(v)
        self.seen.add(id(v))
        return v

    def match(self, e: Any, live: Any) -> None:
        """``live`` (what the pass state returned here) is what was recorded as ``e``."""
        if e.__class__ is not tuple:
            if live.__class__ is not e.__class__ or (live is not e and live != e):
                raise Mismatch("value")
            return
        tag = e[0]
        if tag in ("T", "o", "m", "x"):
            want = self.dec(("o", e[1])) if tag == "T" else self.dec(e)
            if live is not want:
                raise Mismatch("identity")
            if tag == "T" and self.states.get(e[1]) != e[2]:
                self.sync(live, e[2])
                self.states[e[1]] = e[2]
            return
        if tag == "Y":
            if live.__class__ is not Sym:
                raise Mismatch("symbol")
            self.match_key(e[1], live.key)
            return
        if tag == "sl":
            if live.__class__ is not slice:
                raise Mismatch("slice")
            for x, y in zip(e[1:], (live.start, live.stop, live.step)):
                self.match(x, y)
            return
        if id(live) in self.seen:
            raise Mismatch("identity")
        cls = _TAGS.get(tag, _TAGS)
        if tag == "K":
            cls = e[2].__class__
        if cls is _TAGS or live.__class__ is not cls:
            raise Mismatch("type")
        self._slot(e[1], live)
        if tag == "Tn":
            if live.uid < self.start_uid and not self.inputs:
                raise Mismatch("an older tensor")
            self.match_uid(e[2], live.uid)
            self.name(e[3][0], live.src)
            self.match_shape(e[3][1], live.shape)
            if e[1] >= 0:
                self.states[e[1]] = e[3]
        elif tag == "K":
            if live != e[2]:
                raise Mismatch("constant")
        elif tag in ("tu", "li"):
            if len(live) != len(e[2]):
                raise Mismatch("length")
            for x, y in zip(e[2], live):
                self.match(x, y)
        elif tag == "di":
            if list(live) != [k for k, _ in e[2]]:
                raise Mismatch("keys")
            for (_, x), y in zip(e[2], live.values()):
                self.match(x, y)
        elif tag in ("Mu", "Sh", "Pi", "Mo"):
            inner = {"Mu": "first", "Sh": "t", "Pi": "t", "Mo": "obj"}[tag]
            self.match(e[2], getattr(live, inner))
        elif tag == "Cf":
            self.match(e[2], live.cfg)
        elif tag == "Uf":
            self.match(e[2], live.func)
            self.match(e[3], live.self_mod)


_TAGS = {
    "Tn": Tens,
    "K": None,
    "tu": tuple,
    "li": list,
    "di": dict,
    "Mu": Multi,
    "Sh": ShapeOf,
    "Pi": Pieces,
    "Mo": Mod,
    "Cf": CfgV,
    "Uf": UserFunc,
}


# ---------------------------------------------------------------------- compaction
_SLOTTED = ("K", "Tn", "tu", "li", "di", "Mu", "Sh", "Pi", "Mo", "Cf", "Uf")


def _children(e: Any) -> list[Any]:
    """The encodings inside encoding ``e`` (in the order the encoder visited them)."""
    tag = e[0]
    if tag in ("tu", "li"):
        return list(e[2])
    if tag == "di":
        return [x for _, x in e[2]]
    if tag in ("Mu", "Sh", "Pi", "Mo"):
        return [e[2]]
    if tag == "Uf":
        return [e[3]]
    if tag == "sl":
        return list(e[1:])
    return []


def _scan(e: Any, refs: set[int], tens: set[int] | None) -> None:
    if e.__class__ is not tuple or not e or e[0].__class__ is not str:
        return
    tag = e[0]
    if tag in ("T", "o"):
        refs.add(e[1])
        if tens is not None and tag == "T":
            tens.add(e[1])
        return
    if tag == "Tn" and tens is not None:
        tens.add(e[1])
    for x in _children(e):
        _scan(x, refs, tens)


def compact(inputs: Any, events: list, result: Any, finals: list) -> tuple:
    """Drop the slots no later sighting refers to, so replay registers only what it must.

    A tensor's final state is replayed only where it can be seen after the call: arguments,
    tensors the pass state returned or keeps (``leave``), and the returned value."""
    refs: set[int] = set()
    escape: set[int] = set()
    _scan(inputs, refs, escape)
    for ev in events:
        if ev[0] != "call":
            continue
        for a in ev[2]:
            _scan(a, refs, escape if ev[1] == "leave" else None)
        _scan(ev[3], refs, escape)
    _scan(result, refs, escape)
    keep = refs | escape
    new: dict[int, int] = {}

    def rw(e: Any) -> Any:
        if e.__class__ is not tuple or not e or e[0].__class__ is not str:
            return e
        tag = e[0]
        if tag == "T":
            return ("T", new[e[1]], e[2])
        if tag == "o":
            return ("o", new[e[1]])
        if tag == "sl":
            return ("sl", *(rw(x) for x in e[1:]))
        if tag not in _SLOTTED:
            return e
        s = -1
        if e[1] in keep:
            s = new[e[1]] = len(new)
        if tag in ("tu", "li"):
            return (tag, s, tuple(rw(x) for x in e[2]))
        if tag == "di":
            return (tag, s, tuple((k, rw(x)) for k, x in e[2]))
        if tag in ("Mu", "Sh", "Pi", "Mo"):
            return (tag, s, rw(e[2]))
        if tag == "Uf":
            return (tag, s, e[2], rw(e[3]))
        return (tag, s, *e[2:])

    inputs = rw(inputs)
    out_events = []
    for ev in events:
        if ev[0] == "call":
            ev = ("call", ev[1], tuple(rw(a) for a in ev[2]), rw(ev[3]))
        out_events.append(ev)
    result = rw(result)
    finals = [(new[s], st) for s, st in finals if s in escape]
    return inputs, out_events, result, finals
