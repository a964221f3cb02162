# nested closures that return modules; a counter in the enclosing scope gives each block its width
import torch.nn as nn


def make_factory(start, step):
    width = start

    def block_factory(kind):
        def build(c_in):
            nonlocal width
            w = width
            width += step
            if kind == "conv":
                return nn.Sequential(
                    nn.Conv2d(c_in, w, 3, padding=1), nn.GroupNorm(4, w), nn.SiLU()
                ), w
            return nn.Sequential(nn.Conv2d(c_in, w, 1), nn.SiLU()), w

        return build

    return block_factory


factory = make_factory(16, 8)
builders = [factory("conv"), factory("pw"), factory("conv"), factory("conv")]
c = 3
blocks = []
for b in builders:
    m, c = b(c)
    blocks.append(m)
model = nn.Sequential(*blocks, nn.Conv2d(c, 1, 1))
