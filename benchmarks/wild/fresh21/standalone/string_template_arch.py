"""An architecture string written with string.Template, substituted, then parsed token by token."""

from string import Template

import torch.nn as nn

ARCH = Template("conv:$w:5 pool conv:${w2}:3 conv:${w2}:3 pool fc:$hid fc:$out")
spec = ARCH.substitute(w=20, w2=40, hid=96, out=6)


def parse(spec, c=1, side=28):
    mods, flat = [], None
    for tok in spec.split():
        kind, *args = tok.split(":")
        if kind == "conv":
            out, k = map(int, args)
            mods += [nn.Conv2d(c, out, k), nn.ReLU()]
            c, side = out, side - int(k) + 1
        elif kind == "pool":
            mods.append(nn.MaxPool2d(2))
            side //= 2
        elif kind == "fc":
            if flat is None:
                mods.append(nn.Flatten())
                flat = c * side * side
            mods.append(nn.Linear(flat, int(args[0])))
            flat = int(args[0])
    return nn.Sequential(*mods)


model = parse(spec)
