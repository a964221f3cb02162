# norm layer chosen with functools.partial, as in torchvision-style builders
import functools

from torch import nn


class Block(nn.Module):
    def __init__(self, c, norm):
        super().__init__()
        self.c1 = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.n1 = norm(c)
        self.c2 = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.n2 = norm(c)


def make(width=64, depth=4, norm=functools.partial(nn.GroupNorm, 8)):  # noqa: B008
    norm_fn = lambda c: norm(num_channels=c)  # noqa: E731
    return nn.Sequential(
        nn.Conv2d(3, width, 7, 2, 3),
        *[Block(width, norm_fn) for _ in range(depth)],
        nn.AdaptiveAvgPool2d(1),
        nn.Flatten(),
        nn.Linear(width, 100),
    )


model = make(width=64, depth=4)
